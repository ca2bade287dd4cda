import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';

function request(forwardedFor: string | undefined, peer = '10.0.0.5') {
  return {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: peer },
  } as Parameters<typeof clientIp>[0];
}

describe('the client address', () => {
  it('is the peer address when no proxy is trusted, whatever the header says', () => {
    expect(clientIp(request('198.51.100.7'), 0)).toBe('10.0.0.5');
  });

  it('is the address the trusted load balancer saw, not one the client wrote in front of it', () => {
    // The client sent "X-Forwarded-For: 203.0.113.99"; the load balancer appended the real peer.
    expect(clientIp(request('203.0.113.99, 198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(clientIp(request('198.51.100.7'), 1)).toBe('198.51.100.7');
  });

  it('counts hops from the right behind several trusted proxies', () => {
    expect(clientIp(request('203.0.113.99, 198.51.100.7, 10.1.1.1'), 2)).toBe('198.51.100.7');
    expect(clientIp(request('198.51.100.7'), 3)).toBe('198.51.100.7');
  });

  it('falls back to the peer when the header is empty or missing', () => {
    expect(clientIp(request(' , '), 1)).toBe('10.0.0.5');
    expect(clientIp(request(undefined), 1)).toBe('10.0.0.5');
  });
});

import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';

const request = (forwardedFor?: string) => ({
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  socket: { remoteAddress: '10.0.0.5' } as Socket,
});

describe('the client address for rate limits', () => {
  it('is the connection’s address unless a proxy is trusted', () => {
    expect(clientIp(request('203.0.113.7'), false)).toBe('10.0.0.5');
    expect(clientIp(request(), true)).toBe('10.0.0.5');
  });

  it('is the address the trusted load balancer appended, not one the client sent along', () => {
    expect(clientIp(request('203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientIp(request('198.51.100.1, 203.0.113.7'), true)).toBe('203.0.113.7');
  });
});

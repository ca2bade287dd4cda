import { describe, expect, it } from 'vitest';
import { addressGroup } from './address-group.server';

describe('the address group a per-address limit counts', () => {
  it('is the IPv4 address itself, also when the socket reports it IPv4-mapped', () => {
    expect(addressGroup('203.0.113.5')).toBe('203.0.113.5');
    expect(addressGroup('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it('is the /64 network of an IPv6 address, however the address is written', () => {
    const group = '2001:db8:85a3:1::/64';
    for (const address of [
      '2001:db8:85a3:1::1',
      '2001:0db8:85a3:0001:ffff:ffff:ffff:ffff',
      '2001:DB8:85A3:1:0:0:0:2',
      '2001:db8:85a3:1:abcd::9%eth0',
    ]) {
      expect(addressGroup(address)).toBe(group);
    }
    expect(addressGroup('2001:db8:85a3:2::1')).toBe('2001:db8:85a3:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves what is no address as it is', () => {
    expect(addressGroup('unknown')).toBe('unknown');
  });
});

import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts a client under. An IPv4 address is one client; an IPv6 address
 * is one of the 2^64 of its /64 network, which a single customer line or host is handed whole, so
 * counting full IPv6 addresses would let one client take a new address per request and walk past
 * every limit. An IPv4-mapped IPv6 address (`::ffff:203.0.113.5`, as a dual-stack socket reports
 * IPv4 peers) is its IPv4 address. Anything else (no address known) is its own group.
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  // With `::` the missing groups are zeros; only the first four of the eight matter.
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length).fill('0')];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

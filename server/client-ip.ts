import type { IncomingMessage } from 'node:http';

/**
 * The client's address for rate limits and the SEPA mandate record. Behind `trustedProxies` load
 * balancers, each appends the address it received the request from to X-Forwarded-For, so the
 * entry that many places from the right end is the one our nearest trusted proxy saw. Entries
 * further left were written by the client itself and are never trusted: taking the first entry
 * would let anyone pick a new address per request and walk past every per-address limit.
 */
export function clientIp(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustedProxies: number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  const forwarded = req.headers['x-forwarded-for'];
  if (trustedProxies === 0 || forwarded === undefined) return peer;
  const entries = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return peer;
  // Fewer entries than proxies: the request came past fewer proxies than configured; the
  // left-most entry is then the furthest address any trusted proxy recorded.
  return entries[Math.max(entries.length - trustedProxies, 0)]!;
}

import type { IncomingMessage } from 'node:http';

/**
 * The client's address, for rate limits. Behind a trusted load balancer (TRUST_PROXY=1) it is the
 * last X-Forwarded-For entry: the address the balancer saw and appended. Entries before it come
 * from the client and may be forged to dodge per-address limits.
 */
export function clientIp(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string') {
    const last = forwarded.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

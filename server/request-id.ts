import type { IncomingMessage } from 'node:http';

const requestIdPattern = /^[\w-]{1,64}$/;

/**
 * The request id a trusted load balancer set (X-Request-Id), so that its logs and ours name a request
 * alike. Without a trusted proxy in front (`trustedProxies` 0) the header can only come from the
 * client, which must not choose the id the audit log and the logs file its request under: then,
 * and for any value that is not a short token, the server draws its own.
 */
export function incomingRequestId(req: Pick<IncomingMessage, 'headers'>, trustedProxies: number): string | undefined {
  if (trustedProxies === 0) return undefined;
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : undefined;
}

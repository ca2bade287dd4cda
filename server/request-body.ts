import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The largest request body taken. No form comes near it (a registration is about 2 KB, a browser
 * error report at most 16 KiB) and nothing is uploaded; without a limit, one request could make
 * the server buffer any amount while it parses the form for the CSRF check.
 */
export const maxRequestBodyBytes = 64 * 1024;

export interface BodyLimits {
  receiveTimeoutMs: number;
  bytesInFlight: number;
  bytesInFlightPerAddress: number;
}

export const requestBodyLimits: BodyLimits = {
  /**
   * Time for a whole body to arrive once the headers are in: a form of the largest size takes about
   * ten seconds over a slow mobile connection (50 kbit/s). A body sent slower holds its memory and
   * connection no longer.
   */
  receiveTimeoutMs: 30_000,
  /**
   * Bytes of bodies one instance holds while they arrive, from all clients together: a thousand
   * forms of the largest size. Bodies sent slowly on purpose, each a byte short of complete, stop
   * here rather than at the memory's end; beyond it a body is answered 503 at once.
   */
  bytesInFlight: 64 * 1024 * 1024,
  /**
   * The share of one client address (its group: an IPv6 /64): 64 forms of the largest size, or
   * thousands of ordinary ones, so that one client cannot fill the instance's budget for everyone.
   */
  bytesInFlightPerAddress: 4 * 1024 * 1024,
};

export type BodyRead = { body: Buffer<ArrayBuffer> } | { refused: 400 | 408 | 413 | 503 };

/** Shared by every request of one instance: the bytes of the bodies still arriving, in all and per address. */
export interface BodyBudget {
  held: number;
  byAddress: Map<string, number>;
}

export function createBodyBudget(): BodyBudget {
  return { held: 0, byAddress: new Map() };
}

/**
 * The whole body, read before the app sees the request: it is small (`maxBytes`: maxRequestBodyBytes, or the
 * fleet system's trips' larger limit, app/config/fleet.ts), and a
 * buffer costs less to hand on, clone and parse than a stream. Refused when the body, declared or
 * chunked, is larger than the limit (413), does not arrive in time (408), would take the instance
 * or the client's `address` beyond the bytes they may hold for arriving bodies (503), or the client
 * breaks off sending it (400).
 */
export function readBody(
  req: IncomingMessage,
  budget: BodyBudget,
  address: string,
  limits: BodyLimits = requestBodyLimits,
  maxBytes: number = maxRequestBodyBytes,
): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      budget.held += chunk.length;
      const ofAddress = (budget.byAddress.get(address) ?? 0) + chunk.length;
      budget.byAddress.set(address, ofAddress);
      if (received > maxBytes) finish({ refused: 413 });
      else if (budget.held > limits.bytesInFlight || ofAddress > limits.bytesInFlightPerAddress) {
        finish({ refused: 503 });
      } else chunks.push(chunk);
    };
    const timer = setTimeout(() => finish({ refused: 408 }), limits.receiveTimeoutMs);
    const finish = (read: BodyRead) => {
      clearTimeout(timer);
      budget.held -= received;
      const ofAddress = (budget.byAddress.get(address) ?? 0) - received;
      if (ofAddress > 0) budget.byAddress.set(address, ofAddress);
      else budget.byAddress.delete(address);
      req.off('data', onData).off('end', onEnd).off('error', onError);
      // The rest of a refused body stays unread: the connection closes after the answer.
      if ('refused' in read) req.pause();
      resolve(read);
    };
    const onEnd = () => finish({ body: Buffer.concat(chunks, received) });
    const onError = () => finish({ refused: 400 });
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

const refusals = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  503: 'Service Unavailable',
} as const;

/** The answer to a refused body; it stays unread, so the connection closes after the answer. */
export function refuseBody(res: ServerResponse, status: keyof typeof refusals) {
  const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' };
  if (status === 503) headers['Retry-After'] = '10';
  res.writeHead(status, headers).end(refusals[status]);
}

import type { ServerResponse } from 'node:http';

/** A small JSON answer that no cache keeps: probes, the build id. */
export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
}

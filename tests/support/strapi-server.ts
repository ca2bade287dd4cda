import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StrapiRoute = (url: URL) => { status: number; body?: unknown } | undefined;

/**
 * A local HTTP server answering in Strapi 4's response format, for testing the content adapter
 * against a real socket. `respond` decides each answer; `fail` makes every request fail.
 */
export async function startStrapiServer(respond: StrapiRoute) {
  const requests: URL[] = [];
  let failing = false;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    if (failing) {
      res.writeHead(500).end('boom');
      return;
    }
    const answer = respond(url) ?? { status: 404, body: { data: null, error: { status: 404, name: 'NotFoundError' } } };
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail(value = true) {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Wraps plain fields the way Strapi 4 does: `{ id, attributes }`. */
export function strapiEntry(id: number, attributes: Record<string, unknown>) {
  return { id, attributes };
}

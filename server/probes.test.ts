import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client.server';
import { answerWhileStarting, health, livez, readyz } from './probes';

/** Serves `handle` on a free loopback port and answers status and JSON body of GET `path`. */
async function answer(
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
  path: string,
): Promise<[number, unknown, string | null]> {
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    const text = await response.text();
    const body: unknown = response.headers.get('content-type') === 'application/json' ? JSON.parse(text) : text;
    return [response.status, body, response.headers.get('cache-control')];
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const database = (up: boolean) => ({ ping: () => Promise.resolve(up) }) as unknown as DatabaseHandle;

describe('probes', () => {
  it('/livez: the process answers', async () => {
    expect(await answer((_req, res) => livez(res), '/livez')).toEqual([200, { status: 'ok' }, 'no-store']);
  });

  it.each([
    { up: true, stopping: false, status: 200, body: { status: 'ready', database: 'up' } },
    { up: false, stopping: false, status: 503, body: { status: 'unavailable', database: 'down' } },
    { up: true, stopping: true, status: 503, body: { status: 'stopping' } },
  ])('/readyz with the database up $up, stopping $stopping: $status', async ({ up, stopping, status, body }) => {
    expect(await answer((_req, res) => readyz(res, database(up), stopping), '/readyz')).toEqual([
      status,
      body,
      'no-store',
    ]);
  });

  it('/health as documented', async () => {
    expect(await answer((_req, res) => health(res, database(false), 'b1'), '/health')).toEqual([
      503,
      { status: 'unavailable', build: 'b1', database: 'down' },
      'no-store',
    ]);
  });

  it('while starting: alive, not ready, and every other request waits', async () => {
    const starting = (req: IncomingMessage, res: ServerResponse) => answerWhileStarting(req, res, 'b1', []);
    expect(await answer(starting, '/livez')).toEqual([200, { status: 'ok' }, 'no-store']);
    expect(await answer(starting, '/readyz')).toEqual([503, { status: 'starting' }, 'no-store']);
    expect(await answer(starting, '/health?x=1')).toEqual([503, { status: 'starting', build: 'b1' }, 'no-store']);
    expect(await answer(starting, '/de/preisverzeichnis')).toEqual([503, 'Service Unavailable', null]);
  });
});

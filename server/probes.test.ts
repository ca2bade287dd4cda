import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { answerWhileStarting, health, livez, readyz, sharedDatabaseCheck } from './probes';

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

const database = (up: boolean) => () => Promise.resolve(up);

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

  it('ask the database at most once a second, and once for probes that come together', async () => {
    let time = 0;
    let queries = 0;
    let up = true;
    const check = sharedDatabaseCheck(
      async () => {
        queries++;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return up;
      },
      { now: () => time },
    );
    expect(await Promise.all(Array.from({ length: 20 }, () => check()))).toEqual(Array(20).fill(true));
    expect(queries).toBe(1);
    up = false;
    time = 999;
    expect(await check()).toBe(true);
    time = 1_000;
    expect(await check()).toBe(false);
    expect(queries).toBe(2);
  });

  it('while starting: alive, not ready, and every other request waits', async () => {
    const starting = (req: IncomingMessage, res: ServerResponse) => answerWhileStarting(req, res, 'b1', []);
    expect(await answer(starting, '/livez')).toEqual([200, { status: 'ok' }, 'no-store']);
    expect(await answer(starting, '/readyz')).toEqual([503, { status: 'starting' }, 'no-store']);
    expect(await answer(starting, '/health?x=1')).toEqual([503, { status: 'starting', build: 'b1' }, 'no-store']);
    expect(await answer(starting, '/de/preisverzeichnis')).toEqual([503, 'Service Unavailable', null]);
  });
});

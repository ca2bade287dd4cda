import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../support/app-server';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-services';

const { TEST_DATABASE_URL } = process.env;

async function probe(app: AppServer, path: string): Promise<[number, unknown]> {
  const response = await fetch(app.url + path);
  return [response.status, await response.json()];
}

/**
 * An orchestrator restarts an instance whose liveness probe fails: a database outage must not look
 * like that, only like "send no traffic" (docs/operations.md, docs/decisions/0021). The PostgreSQL
 * server is the test's own, stopped and started again; it is made from the machine's binaries, as in
 * the suites that have TEST_DATABASE_URL.
 */
describe.skipIf(!TEST_DATABASE_URL)('probes while PostgreSQL is down (needs TEST_DATABASE_URL)', () => {
  let postgres: PrivatePostgres;
  let app: AppServer;
  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    app = await startAppServer({ DATABASE_URL: postgres.url });
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
    await postgres?.dispose();
  });

  it('/livez stays 200, /readyz and /health answer 503 until the database is back', async () => {
    expect(await probe(app, '/readyz')).toEqual([200, { status: 'ready', database: 'up' }]);
    await postgres.stop('fast');
    try {
      expect(await probe(app, '/livez')).toEqual([200, { status: 'ok' }]);
      // The probes share one database check a second (server/probes.ts): the outage shows within it.
      await expect
        .poll(() => probe(app, '/readyz'), { timeout: 5_000 })
        .toEqual([503, { status: 'unavailable', database: 'down' }]);
      expect(await probe(app, '/health')).toEqual([
        503,
        { status: 'unavailable', build: expect.any(String), database: 'down' },
      ]);
      expect(await probe(app, '/livez')).toEqual([200, { status: 'ok' }]);
    } finally {
      await postgres.start();
    }
    await expect
      .poll(() => probe(app, '/readyz'), { timeout: 15_000 })
      .toEqual([200, { status: 'ready', database: 'up' }]);
    expect(await probe(app, '/health')).toEqual([200, { status: 'ok', build: expect.any(String), database: 'up' }]);
  });
});

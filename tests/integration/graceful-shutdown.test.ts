import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDemoPassword, demoEmail } from '~/db/seed/demo.server';
import { pages } from '~/i18n/route-table';
import { startAppServer, type AppServer } from '../support/app-server';
import { startFreezableProxy } from '../support/freezable-proxy';
import { createPostgresDatabase } from '../support/test-databases';
import { createVisitor, csrfTokenIn, logIn } from '../support/visitor';

/**
 * A deployment or scale-in stops instances with SIGTERM (docs/operations.md). The request in flight
 * then must still get its answer, and the process must exit by itself. Runs on the embedded
 * database, so it needs nothing but the build.
 */
describe('an instance stopped with SIGTERM', () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer();
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('refuses new connections, finishes the request in flight, then exits with 0', async () => {
    const visitor = createVisitor();
    const form = await visitor.get(app.url + pages.login.de);
    const body = new URLSearchParams({
      email: demoEmail,
      password: defaultDemoPassword,
      csrf: csrfTokenIn(form.html),
    }).toString();
    const { port } = new URL(app.url);
    // `Expect: 100-continue`: the server confirms it has taken the request before the body is sent.
    const login = request({
      host: '127.0.0.1',
      port,
      path: pages.login.de,
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
        cookie: [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        expect: '100-continue',
      },
    });
    const answer = new Promise<IncomingMessage>((resolve, reject) => {
      login.once('response', resolve);
      login.once('error', reject);
    });
    await new Promise((resolve) => login.once('continue', resolve));

    const exited = app.stop();
    await expect
      .poll(
        () =>
          fetch(`${app.url}/health`).then(
            () => 'answered',
            () => 'refused',
          ),
        { timeout: 5_000 },
      )
      .toBe('refused');
    login.end(body);

    const response = await answer;
    response.resume();
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(pages.selfService.de);
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=/);
    expect(response.headers.connection).toBe('close');
    expect(await exited).toEqual({ code: 0, signal: null });
  });
});

/**
 * A database that stops answering without closing its connections (a network partition) must not
 * keep a stopping instance alive: its requests' queries fail after their timeout, and the instance
 * ends without waiting for the database's connections (server/app.ts, `shutdown`).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'an instance stopped while PostgreSQL does not answer (needs TEST_DATABASE_URL)',
  () => {
    let app: AppServer;
    let proxy: Awaited<ReturnType<typeof startFreezableProxy>>;
    let database: { url: string; drop(): Promise<void> };

    beforeAll(async () => {
      database = await createPostgresDatabase();
      proxy = await startFreezableProxy(new URL(database.url));
      app = await startAppServer({ DATABASE_URL: proxy.url, DEMO_SEED: '1' });
    }, 240_000);
    afterAll(async () => {
      await app?.stop();
      await proxy?.close();
      await database?.drop();
    });

    it('ends within its bounds, says that the database did not close and exits with 1', async () => {
      const visitor = createVisitor({ timeoutMs: 60_000 });
      expect(
        (await logIn(visitor, { formFrom: app.url, email: demoEmail, password: defaultDemoPassword })).status,
      ).toBe(302);
      proxy.freeze();
      const waiting = visitor.get(app.url + pages.selfService.de).catch(() => 'no answer');
      // The request is in flight, waiting for the database, when the instance is told to stop.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const exit = await app.stop({ killAfterMs: 60_000 });
      expect(exit).toEqual({ code: 1, signal: null });
      expect(app.logs()).toContain('stopped without closing the database');
      await waiting;
    }, 90_000);
  },
);

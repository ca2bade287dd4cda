import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDemoPassword, demoEmail } from '~/db/seed/demo.server';
import { pages } from '~/i18n/route-table';
import { startAppServer, type AppServer } from '../support/app-server';
import { createVisitor, csrfTokenIn } from '../support/visitor';

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

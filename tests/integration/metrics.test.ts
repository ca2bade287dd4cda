import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages, routeId } from '~/i18n/route-table';
import { startAppServer, type AppServer } from '../support/app-server';
import { freePort } from '../support/free-port';
import { createVisitor, logIn } from '../support/visitor';

/**
 * What an operator's Prometheus scrapes from a running instance (METRICS_PORT), after some
 * traffic. Runs on the embedded database, so it needs nothing but the build.
 */
describe('metrics of a running instance', () => {
  let app: AppServer;
  let metricsUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    app = await startAppServer({ METRICS_PORT: String(port) });
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('counts requests by route id, refusals by limit, and shows the outbox backlog and the event loop', async () => {
    const visitor = createVisitor();
    expect((await visitor.get(app.url + pages.login.de)).status).toBe(200);
    expect((await visitor.get(`${app.url}/nirgends/${randomBytes(4).toString('hex')}/weiter`)).status).toBe(404);
    const email = `nobody-${randomBytes(4).toString('hex')}@example.org`;
    // Five failures, then the login waits: the sixth is refused by the limit.
    for (let attempt = 0; attempt < 6; attempt++) {
      await logIn(visitor, { formFrom: app.url, email, password: 'not the password at all' });
    }

    const body = await (await fetch(metricsUrl)).text();
    const login = routeId('login', 'de');
    expect(body).toMatch(new RegExp(`^http_requests_total\\{route="${login}",method="GET",status="200"\\} \\d+`, 'm'));
    expect(body).toMatch(new RegExp(`^http_request_duration_seconds_count\\{route="${login}",method="POST"\\} 6`, 'm'));
    expect(body).toMatch(/^http_requests_total\{route="not-found",method="GET",status="404"\} 1$/m);
    expect(body).toMatch(/^rate_limit_refusals_total\{limit="[a-z-]+"\} [1-9]/m);
    expect(body).toMatch(/^outbox_messages\{outbox="mail",state="pending"\} \d+$/m);
    expect(body).toMatch(/^outbox_messages\{outbox="sms",state="failed"\} 0$/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(body).toMatch(/^database_up 1$/m);
    // Without REDIS_URL the limits are this instance's own by design: no gauge says they are not shared.
    expect(body).not.toContain('rate_limits_shared');
    // Neither paths nor what visitors typed become labels.
    expect(body).not.toContain('nirgends');
    expect(body).not.toContain(email);
    // The public listener does not serve them.
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
  });
});

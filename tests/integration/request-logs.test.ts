import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficePath } from '~/i18n/back-office-routes';
import { pages } from '~/i18n/route-table';
import { startAppServer, type AppServer } from '../support/app-server';
import { createVisitor, logIn } from '../support/visitor';

interface LogLine {
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
}

/**
 * What an operator reads after the fact: a feature's line (a failed login) carries the request id of
 * the request's own access line, so that the two can be read together.
 */
describe('log lines of a request', () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ LOG_LEVEL: 'info' });
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
  });

  const lines = () =>
    app
      .logs()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);

  /** The access line of the request that logged `message`: the same request id, a POST to `path`. */
  const requestOf = (message: string) => {
    const logged = lines().filter((line) => line.msg === message);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.reqId).toBeTruthy();
    return lines().find((line) => line.msg === 'request' && line.reqId === logged[0]!.reqId);
  };

  it('ties a failed login, a customer’s or a staff member’s, to its request', async () => {
    const email = `nobody-${randomBytes(4).toString('hex')}@example.org`;
    const visitor = createVisitor();
    expect((await logIn(visitor, { formFrom: app.url, email, password: 'not the password at all' })).status).toBe(200);
    await expect.poll(() => requestOf('login failed')).toMatchObject({ method: 'POST', path: pages.login.de });

    const form = await visitor.get(app.url + backOfficePath('login'));
    await visitor.post(app.url + backOfficePath('login'), { email, password: 'not the password at all' }, form);
    await expect
      .poll(() => requestOf('back office login failed'))
      .toMatchObject({ method: 'POST', path: backOfficePath('login') });
  });
});

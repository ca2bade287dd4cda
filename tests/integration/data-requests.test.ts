import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '~/i18n/route-table';
import { startAppServer, type AppServer } from '../support/app-server';

/**
 * With JavaScript, the browser asks for a page's data at `<path>.data`, with the router's own query
 * values (`_routes`, `index`). Loaders, actions and middleware see the request as it came in
 * (react-router.config.ts: `v8_passThroughRequests`) and take the page's address from the router's
 * `url`: no redirect, cookie or form of a page may point at its data address.
 */
describe('a page asked for by a data request', () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer();
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('behind the login sends to the login, which comes back to the page, not to its data', async () => {
    const answer = await fetch(`${server.url}${pages.selfService.de}.data?_routes=root&utm_source=app`);
    const body = await answer.text();
    expect(answer.status).toBe(202);
    const redirectTo = encodeURIComponent(`${pages.selfService.de}?utm_source=app`);
    expect(body).toContain(`"${pages.login.de}?redirectTo=${redirectTo}&utm_source=app"`);
    expect(body).not.toContain('.data');
    expect(body).not.toContain('_routes');
  });

  it('at the root’s data address answers as the root does: to the start page, as data', async () => {
    const answer = await fetch(`${server.url}/_root.data`, { redirect: 'manual' });
    expect(answer.status).toBe(202);
    expect(answer.headers.get('content-type')).toBe('text/x-script');
    const body = await answer.text();
    expect(body).toContain('SingleFetchRedirect');
    expect(body).toContain(`"${pages.home.de}"`);
  });

  it('comes back to the page, filled in again, when its form’s token has expired', async () => {
    const form = new URLSearchParams({
      csrf: 'expired',
      'form-id': 'registration',
      email: 'kundin@example.com',
      password: 'geheim-und-lang',
    });
    const answer = await fetch(`${server.url}${pages.register.de}.data?index&aktion=SOMMER`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: form,
    });
    expect(answer.status).toBe(202);
    const body = await answer.text();
    expect(body).toContain(`"${pages.register.de}?aktion=SOMMER"`);
    expect(body).not.toContain('.data');

    const cookie = answer.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .find((pair) => pair.startsWith('form-resend='))!;
    const again = await (await fetch(`${server.url}${pages.register.de}.data`, { headers: { cookie } })).text();
    expect(again).toContain('form.csrf-resend');
    expect(again).toContain('kundin@example.com');
    expect(again).not.toContain('geheim-und-lang');
  });
});

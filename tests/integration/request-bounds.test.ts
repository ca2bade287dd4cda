import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDemoPassword, demoEmail } from '~/db/seed/demo.server';
import { pages } from '~/i18n/route-table';
import { discoveryBudget, maxDiscoveredPaths, maxPathSegments } from '../../server/routing-limits';
import { startAppServer, type AppServer } from '../support/app-server';
import { createVisitor, logIn } from '../support/visitor';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * What one request may make the server do, and what it lets caches in front of it keep
 * (server/routing-limits.ts, server/shared-caches.ts, the page cache in server/app.ts).
 */
describe('the work one request makes, and what caches keep of it', () => {
  let server: AppServer;

  /** Sent as written: fetch would resolve dot segments before sending. */
  const raw = (path: string, headers: Record<string, string> = {}, localAddress = '127.0.0.1') =>
    new Promise<RawAnswer>((resolve, reject) => {
      const { port } = new URL(server.url);
      request({ host: '127.0.0.1', port, path, headers, localAddress }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
        .on('error', reject)
        .end();
    });

  beforeAll(async () => {
    server = await startAppServer();
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers a path deeper than any page at once, without rendering it', async () => {
    const deep = await raw(`/de${'/a'.repeat(4000)}`);
    expect(deep.status).toBe(404);
    expect(deep.headers['content-type']).toBe('text/plain; charset=utf-8');
    // Up to the bound, an unknown path is the app's own not-found page.
    const withinBound = await raw(`/de${'/a'.repeat(maxPathSegments - 1)}`);
    expect(withinBound.status).toBe(404);
    expect(withinBound.body).toContain('<html');
  });

  it('refuses a route discovery naming more paths than any page shows, and answers a page’s own', async () => {
    const { id: version } = (await (await fetch(`${server.url}/builds/latest.json`)).json()) as { id: string };
    const discovery = (paths: string[]) => raw(`/__manifest?version=${version}&paths=${paths.join(',')}`);
    const tooMany = await discovery(Array.from({ length: maxDiscoveredPaths + 1 }, (_, i) => `/de/x${i}`));
    expect(tooMany.status).toBe(400);
    const ownLinks = await discovery([pages.home.de, pages.priceList.de, pages.login.de]);
    expect(ownLinks.status).toBe(200);
    expect(Object.keys(JSON.parse(ownLinks.body) as object)).toEqual(
      expect.arrayContaining(['root', expect.stringContaining('priceList')]),
    );
  });

  it('lets shared caches keep a public page only for visitors without cookies', async () => {
    for (const answer of [await raw(pages.priceList.de), await raw(pages.priceList.de)]) {
      expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
      expect(answer.headers.vary).toContain('Cookie');
    }
  });

  it('keeps the page of a visitor who chose on consent to the browser, from the page cache too', async () => {
    const chosen = { cookie: 'consent=v1.accepted' };
    const first = await raw(pages.getTheApp.de, chosen);
    const second = await raw(pages.getTheApp.de, chosen);
    expect(second.headers['x-page-cache']).toBe('HIT');
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, max-age=0');
      expect(answer.headers.vary).toContain('Cookie');
    }
  });

  it('never lets a cache keep a public page or its data shown to a logged-in customer', async () => {
    const customer = createVisitor();
    expect(
      (await logIn(customer, { formFrom: server.url, email: demoEmail, password: defaultDemoPassword })).status,
    ).toBe(302);
    const cookie = [...customer.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const path of [pages.priceList.de, `${pages.priceList.de}.data`]) {
      const answer = await raw(path, { cookie });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('Dana');
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    // What is the same for everyone keeps what it said, with cookies too.
    const { id: version } = (await (await fetch(`${server.url}/builds/latest.json`)).json()) as { id: string };
    const discovery = await raw(`/__manifest?version=${version}&paths=${pages.login.de}`, { cookie });
    expect(discovery.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('stores a page under the spelling its links use only, so other spellings cannot push pages out', async () => {
    const page = pages.accessibilityStatement.de;
    const spellings = [`${page}/`, page.toUpperCase(), `/de/x/..${page.slice(3)}`, page.replace('/b', '/%62')];
    for (const spelling of spellings) {
      const answer = await raw(spelling);
      expect(answer.status, spelling).toBe(200);
      expect(answer.headers['x-page-cache'], spelling).toBeUndefined();
    }
    expect((await raw(page)).headers['x-page-cache']).toBe('MISS');
    expect((await raw(page)).headers['x-page-cache']).toBe('HIT');
  });

  // A client of its own needs a second loopback address, which Linux has (127.0.0.0/8) and macOS does not.
  it.runIf(process.platform === 'linux')(
    'tells a client past its budget to discover nothing ahead of time, and still answers a link followed (Linux)',
    async () => {
      const { id: version } = (await (await fetch(`${server.url}/builds/latest.json`)).json()) as { id: string };
      const client = '127.0.0.2';
      const discovery = (round: number, from: string) =>
        raw(
          `/__manifest?version=${version}&paths=${Array.from({ length: maxDiscoveredPaths }, (_, i) => `/de/r${round}/p${i}`).join(',')}`,
          {},
          from,
        );
      const rounds = discoveryBudget.paths / maxDiscoveredPaths;
      for (let round = 0; round < rounds; round++) expect((await discovery(round, client)).status).toBe(200);
      const refused = await discovery(rounds, client);
      expect(refused.status).toBe(204);
      expect(refused.headers['x-remix-reload-document']).toBe('true');
      expect(refused.headers['cache-control']).toBe('no-store');
      // A link followed asks for its path and its parents: answered, or the browser would have no route for it.
      const followed = await raw(
        `/__manifest?version=${version}&paths=/de,${pages.selfService.de},${pages.credit.de}`,
        {},
        client,
      );
      expect(followed.status).toBe(200);
      expect(Object.keys(JSON.parse(followed.body) as object)).toEqual(
        expect.arrayContaining([expect.stringContaining('credit')]),
      );
      // Its pages are served as before, and other clients discover as before.
      expect((await raw(pages.priceList.de, {}, client)).status).toBe(200);
      expect((await discovery(rounds, '127.0.0.1')).status).toBe(200);
    },
  );
});

import { request } from 'node:http';
import type { APIResponse } from '@playwright/test';
import { pages } from '../../app/i18n/route-table';
import { cspNonce, expect, test, waitForHydration } from './support/test';

/** The nonce of every <script> element in a document. */
function scriptNonces(html: string): (string | undefined)[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => /\snonce="([^"]*)"/.exec(tag)?.[1]);
}

async function expectNonceOnEveryScript(response: APIResponse): Promise<string> {
  const nonce = cspNonce(response.headers()['content-security-policy']);
  expect(nonce, 'the CSP names a script nonce').toBeTruthy();
  const nonces = scriptNonces(await response.text());
  expect(nonces.length).toBeGreaterThan(0);
  expect(nonces).toEqual(nonces.map(() => nonce));
  return nonce!;
}

test('a document carries the security headers and a fresh CSP nonce, also from the page cache', async ({ request }) => {
  const first = await request.get(pages.sitemap.de);
  const second = await request.get(pages.sitemap.de);
  expect(first.status()).toBe(200);
  expect(second.status()).toBe(200);
  expect(second.headers()['x-page-cache']).toBe('HIT');

  const firstNonce = await expectNonceOnEveryScript(first);
  const secondNonce = await expectNonceOnEveryScript(second);
  expect(secondNonce).not.toBe(firstNonce);

  const headers = second.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

test('HEAD answers with the headers of the GET it stands for and no body, rendered or from the cache', async ({
  request,
}) => {
  const sameHeaders = (head: APIResponse, get: APIResponse) => {
    expect(head.status()).toBe(get.status());
    expect(head.headers()['content-type']).toBe(get.headers()['content-type']);
    expect(head.headers()['content-length']).toBe(get.headers()['content-length']);
    expect(head.headers()['cache-control']).toBe(get.headers()['cache-control']);
    expect(cspNonce(head.headers()['content-security-policy']), 'the CSP names a script nonce').toBeTruthy();
    expect(head.headers()['x-frame-options']).toBe('DENY');
  };
  const identity = { 'accept-encoding': 'identity' };

  // A query string keeps the page out of the cache: rendered for each request.
  const rendered = `${pages.priceList.de}?head=1`;
  const renderedHead = await request.head(rendered, { headers: identity });
  sameHeaders(renderedHead, await request.get(rendered, { headers: identity }));
  expect(await renderedHead.body()).toHaveLength(0);

  // A HEAD renders the page as its GET would, and so stores it for the next request.
  await request.head(pages.getTheApp.en);
  const cachedHead = await request.head(pages.getTheApp.en, { headers: identity });
  expect(cachedHead.headers()['x-page-cache']).toBe('HIT');
  sameHeaders(cachedHead, await request.get(pages.getTheApp.en, { headers: identity }));
  expect(await cachedHead.body()).toHaveLength(0);

  const privatePage = await request.head(pages.selfService.de, { maxRedirects: 0 });
  expect(privatePage.status()).toBe(302);
  expect(privatePage.headers()['location']).toContain(pages.login.de);
});

test('loading the home page and navigating client-side to the price list logs no errors', async ({
  page,
  browserErrors,
}) => {
  await page.goto(pages.home.de);
  await waitForHydration(page);
  // Survives only a client-side navigation; a full page load would start a new window object.
  await page.evaluate(() => Object.assign(window, { e2eMarker: 'still here' }));

  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Preise' }).click();

  await expect(page).toHaveURL(pages.priceList.de);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preisverzeichnis');
  expect(await page.evaluate(() => (window as { e2eMarker?: string }).e2eMarker)).toBe('still here');
  // Late requests (chunks, the favicon) have reported their errors by now.
  await page.waitForLoadState('networkidle');
  // The app has no favicon yet; Chromium's own request for it is no error of the page.
  expect(browserErrors.filter((error) => !error.endsWith('/favicon.ico'))).toEqual([]);
});

test('a request body beyond 64 KiB is refused, declared or chunked, and the server goes on', async ({ baseURL }) => {
  /** A form POST with the body in chunks: with a Content-Length header when `declared`, chunked otherwise. */
  const post = (chunks: string[], declared: boolean) =>
    new Promise<number>((resolve, reject) => {
      const length = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
      const req = request(new URL(pages.login.de, baseURL), {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(declared ? { 'content-length': String(length) } : {}),
        },
      });
      req.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });
  const big = Array.from({ length: 5 }, () => `filler=${'x'.repeat(16 * 1024)}&`);

  expect(await post(big, true)).toBe(413);
  expect(await post(big, false)).toBe(413);
  expect((await fetch(new URL(pages.login.de, baseURL))).status).toBe(200);
});

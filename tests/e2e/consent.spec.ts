import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { BrowserContext, Page } from '@playwright/test';
import { pages } from '../../app/i18n/route-table';
import { expectNoViolations } from './support/accessibility';
import { startAppServer, type AppServer } from '../support/app-server';
import { expect, test as base, waitForHydration } from './support/test';

/**
 * Consent dialog, page views (Matomo HTTP API) and the browser's error reports
 * (docs/rules/consent-and-analytics.md).
 */

interface TrackingRequest {
  path: string;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for Matomo on a local port: records every request and answers 204. */
interface Recorder {
  url: string;
  requests: TrackingRequest[];
  close(): Promise<void>;
}

async function startRecorder(): Promise<Recorder> {
  const requests: TrackingRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://recorder.invalid');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      requests.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), headers: req.headers, body });
      res.writeHead(req.method === 'OPTIONS' ? 204 : 200, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
      });
      res.end(req.method === 'OPTIONS' ? undefined : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const siteId = '7';

/** A server of the worker's own, brand `brand`, whose page views go to a recorder. */
function testWithAnalytics(brand: 'cab' | 'flinkster') {
  return base.extend<{ tracking: TrackingRequest[] }, { recorder: Recorder; app: AppServer }>({
    recorder: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
      async ({}, provide) => {
        const recorder = await startRecorder();
        await provide(recorder);
        await recorder.close();
      },
      { scope: 'worker' },
    ],
    app: [
      async ({ recorder }, provide) => {
        const server = await startAppServer({ CLIENT: brand, MATOMO_URL: recorder.url, MATOMO_SITE_ID: siteId });
        await provide(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    // Each test sees the tracking requests made during it only.
    tracking: async ({ recorder }, provide) => {
      recorder.requests.length = 0;
      await provide(recorder.requests);
    },
  });
}

const test = testWithAnalytics('cab');
// These tests are about the dialog: the browser starts without a stored choice.
test.use({ consentChoice: null });
// One worker, one server with its recorder.
test.describe.configure({ mode: 'default' });

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Datenschutzeinstellungen' });
const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });
const footerButton = (page: Page) =>
  page.getByRole('contentinfo').getByRole('button', { name: 'Datenschutzeinstellungen' });

/** Waits until the page has no request in flight, then a little longer for a late page view. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/** The cookies of the context, by name. */
async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name).sort();
}

function pageViewUrls(tracking: TrackingRequest[]): string[] {
  return tracking.map((request) => new URL(request.params.url ?? '').pathname);
}

test('the dialog blocks analytics until accepted, then every navigation sends one page view', async ({
  page,
  context,
  app,
  tracking,
}) => {
  await page.goto(pages.home.de);
  await expect(dialog(page)).toBeVisible();
  await waitForHydration(page);
  await settle(page);

  // Before consent: no request to the analytics host, no cookie, nothing stored.
  expect(tracking).toEqual([]);
  expect(await cookieNames(context)).toEqual([]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  // The page is not usable behind the dialog: it is modal.
  await expect(dialog(page)).toHaveAttribute('aria-modal', 'true');
  expect(await page.evaluate(() => document.querySelector('dialog')?.matches(':modal'))).toBe(true);

  await dialog(page).getByRole('button', { name: 'Akzeptieren' }).click();
  await expect(dialog(page)).toBeHidden();

  // Accepting counts the page the visitor is on.
  await expect.poll(() => tracking.length).toBe(1);
  const [first] = tracking;
  expect(first?.path).toBe('/matomo.php');
  expect(first?.params).toMatchObject({
    idsite: siteId,
    rec: '1',
    url: `${app.url}${pages.home.de}`,
    action_name: await page.title(),
  });
  // No cookie travels to the analytics host, and the consent cookie is the only one we set.
  expect(first?.headers.cookie).toBeUndefined();
  const consent = (await context.cookies()).find((cookie) => cookie.name === 'consent');
  expect(consent).toMatchObject({ value: 'v1.accepted', httpOnly: false, sameSite: 'Lax' });
  expect(await cookieNames(context)).toEqual(['consent']);

  // Client-side navigations by clicking links: one page view each.
  await page.evaluate(() => Object.assign(window, { e2eMarker: 'still here' }));
  await mainNavigation(page).getByRole('link', { name: 'Preise' }).click();
  await expect(page).toHaveURL(pages.priceList.de);
  await expect.poll(() => tracking.length).toBe(2);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Sitemap' }).click();
  await expect(page).toHaveURL(pages.sitemap.de);
  await expect.poll(() => tracking.length).toBe(3);
  expect(await page.evaluate(() => (window as { e2eMarker?: string }).e2eMarker)).toBe('still here');
  await expect.poll(() => tracking[2]?.params.action_name).toBe(await page.title());

  // A full page load with a query: counted once, without the query.
  await page.goto(`${pages.priceList.de}?token=secret-token&utm_source=mail`);
  await expect.poll(() => tracking.length).toBe(4);
  await settle(page);
  expect(tracking).toHaveLength(4);
  expect(pageViewUrls(tracking)).toEqual([pages.home.de, pages.priceList.de, pages.sitemap.de, pages.priceList.de]);
  expect(JSON.stringify(tracking.map((request) => request.params))).not.toContain('secret-token');

  // A page from the server's cache for someone who has chosen shows no dialog.
  await page.goto(pages.home.de);
  await page.goto(pages.home.de);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
});

test('rejecting is as easy as accepting and sends nothing', async ({ page, context, tracking }) => {
  await page.goto(pages.home.de);
  await waitForHydration(page);
  const reject = dialog(page).getByRole('button', { name: 'Ablehnen' });
  const accept = dialog(page).getByRole('button', { name: 'Akzeptieren' });

  // The same kind of button: same size, same colours, side by side.
  const [rejectBox, acceptBox] = [await reject.boundingBox(), await accept.boundingBox()];
  expect(rejectBox?.width).toBe(acceptBox?.width);
  expect(rejectBox?.height).toBe(acceptBox?.height);
  expect(rejectBox?.y).toBe(acceptBox?.y);
  for (const property of ['background-color', 'color', 'font-weight', 'font-size']) {
    const style = (locator: typeof reject) =>
      locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
    expect(await style(reject), property).toBe(await style(accept));
  }

  await reject.click();
  await expect(dialog(page)).toBeHidden();
  await mainNavigation(page).getByRole('link', { name: 'Preise' }).click();
  await expect(page).toHaveURL(pages.priceList.de);
  await page.goto(pages.home.de);
  await expect(dialog(page)).toHaveCount(0);
  await settle(page);

  expect(tracking).toEqual([]);
  expect(await cookieNames(context)).toEqual(['consent']);
  expect((await context.cookies())[0]?.value).toBe('v1.rejected');
});

test('the choice can be changed from the footer at any time', async ({ page, tracking }) => {
  await page.goto(pages.priceList.de);
  await waitForHydration(page);
  await dialog(page).getByRole('button', { name: 'Ablehnen' }).click();
  await settle(page);
  expect(tracking).toEqual([]);

  await footerButton(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toContainText('Zurzeit hast du abgelehnt.');
  await dialog(page).getByRole('button', { name: 'Akzeptieren' }).click();
  await expect(dialog(page)).toBeHidden();
  // Focus goes back to the button that opened the dialog.
  await expect(footerButton(page)).toBeFocused();
  await expect.poll(() => pageViewUrls(tracking)).toEqual([pages.priceList.de]);

  await mainNavigation(page).getByRole('link', { name: 'Rad melden' }).click();
  await expect(page).toHaveURL(pages.reportBike.de);
  await expect.poll(() => tracking.length).toBe(2);

  // And back: after rejecting again, navigations send nothing more.
  await footerButton(page).click();
  await expect(dialog(page)).toContainText('Zurzeit hast du zugestimmt.');
  await dialog(page).getByRole('button', { name: 'Ablehnen' }).click();
  await mainNavigation(page).getByRole('link', { name: 'Preise' }).click();
  await expect(page).toHaveURL(pages.priceList.de);
  await settle(page);
  expect(tracking).toHaveLength(2);
});

test('the dialog can be used with the keyboard alone', async ({ page, context, tracking }) => {
  await page.goto(pages.home.de);
  await waitForHydration(page);
  // Focus is in the dialog, on the dialog itself: no answer is preselected.
  await expect(dialog(page)).toBeFocused();

  const privacy = dialog(page).getByRole('link', { name: 'Mehr dazu in der Datenschutzerklärung' });
  const reject = dialog(page).getByRole('button', { name: 'Ablehnen' });
  const accept = dialog(page).getByRole('button', { name: 'Akzeptieren' });
  await page.keyboard.press('Tab');
  await expect(privacy).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(reject).toBeFocused();
  // The focused control is visibly marked.
  await expect(reject).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Tab');
  await expect(accept).toBeFocused();
  // Focus stays in the dialog, both ways round.
  await page.keyboard.press('Tab');
  await expect(privacy).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(accept).toBeFocused();

  // Escape closes the dialog without a choice: nothing stored, nothing sent, asked again next time.
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await settle(page);
  expect(tracking).toEqual([]);
  expect(await cookieNames(context)).toEqual([]);

  await page.reload();
  await waitForHydration(page);
  await expect(dialog(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(accept).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect.poll(() => tracking.length).toBe(1);
});

test('the dialog has no accessibility violations, in German and English', async ({ page }) => {
  for (const [path, name, accept, reject, privacy] of [
    [pages.home.de, 'Datenschutzeinstellungen', 'Akzeptieren', 'Ablehnen', pages.privacy.de],
    [pages.home.en, 'Cookie settings', 'Accept', 'Reject', pages.privacy.en],
  ] as const) {
    await page.goto(path);
    await waitForHydration(page);
    const consentDialog = page.getByRole('dialog', { name });
    await expect(consentDialog).toBeVisible();
    await expect(consentDialog.getByRole('button', { name: accept })).toBeVisible();
    await expect(consentDialog.getByRole('button', { name: reject })).toBeVisible();
    await expect(consentDialog.getByRole('link')).toHaveAttribute('href', privacy);

    await expectNoViolations(page, 'the consent dialog');
  }
});

test('the privacy statement and web views do not ask by themselves', async ({ page, tracking }) => {
  await page.goto(pages.home.de);
  await waitForHydration(page);
  // The explanation's link leads to a readable privacy statement.
  await dialog(page).getByRole('link', { name: 'Mehr dazu in der Datenschutzerklärung' }).click();
  await expect(page).toHaveURL(pages.privacy.de);
  await expect(dialog(page)).toHaveCount(0);
  await expect(footerButton(page)).toBeVisible();

  await page.goto(pages.accessibility.de);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto(`${pages.home.de}?dbcembedded=1`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await settle(page);
  expect(tracking).toEqual([]);
});

test('the document allows exactly the analytics host besides its own origin', async ({ request, recorder }) => {
  const response = await request.get(pages.home.de);
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain(`connect-src 'self' ${recorder.url};`);
});

test('an error in the browser is reported to the server and logged without its query', async ({ page, app }) => {
  await page.goto(pages.home.de);
  await waitForHydration(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e client failure at /de/start?token=leaked-secret');
    });
  });
  await expect.poll(() => app.logs()).toContain('e2e client failure');
  const line = app
    .logs()
    .split('\n')
    .find((entry) => entry.includes('e2e client failure'));
  expect(JSON.parse(line ?? '{}')).toMatchObject({
    msg: 'client error',
    clientError: { kind: 'error', path: pages.home.de, userAgent: expect.stringContaining('Chrome') },
  });
  expect(app.logs()).not.toContain('leaked-secret');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server-rendered dialog stores the choice with a confirming POST', async ({ page, context }) => {
    await page.goto(pages.priceList.de);
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Akzeptieren' }).click();

    // The page comes back with the choice to confirm, now with a CSRF-protected form.
    await expect(page).toHaveURL(`${pages.priceList.de}?consent=accepted`);
    await expect(dialog(page)).toContainText('Bitte bestätige deine Wahl.');
    await dialog(page).getByRole('button', { name: 'Akzeptieren' }).click();

    await expect(page).toHaveURL(pages.priceList.de);
    await expect(dialog(page)).toHaveCount(0);
    expect((await context.cookies()).find((cookie) => cookie.name === 'consent')?.value).toBe('v1.accepted');

    // The footer's button reopens it, and the answer can be changed in one step.
    await footerButton(page).click();
    await expect(page).toHaveURL(`${pages.priceList.de}?consent=open`);
    await dialog(page).getByRole('button', { name: 'Ablehnen' }).click();
    await expect(page).toHaveURL(pages.priceList.de);
    await expect(dialog(page)).toHaveCount(0);
    expect((await context.cookies()).find((cookie) => cookie.name === 'consent')?.value).toBe('v1.rejected');
  });
});

test.describe('brand flinkster', () => {
  const flinkster = testWithAnalytics('flinkster');

  flinkster(
    'sends no page views and asks nothing, even with consent',
    async ({ page, context, app, request, tracking }) => {
      // Even a stored "accepted" (from wherever it came) sends nothing for this brand.
      await context.addCookies([{ name: 'consent', value: 'v1.accepted', url: app.url }]);
      await page.goto(pages.home.de);
      await waitForHydration(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('contentinfo').getByRole('button')).toHaveCount(0);
      await mainNavigation(page).getByRole('link', { name: 'Preise' }).click();
      await expect(page).toHaveURL(pages.priceList.de);
      await settle(page);
      expect(tracking).toEqual([]);

      const csp = (await request.get(pages.home.de)).headers()['content-security-policy'] ?? '';
      expect(csp).toContain("connect-src 'self';");
    },
  );
});

test.describe('with a Sentry DSN', () => {
  /** A server whose DSN points at a local stand-in for Sentry's ingest, which records the envelopes. */
  const withSentry = base.extend<{ envelopes: TrackingRequest[] }, { ingest: Recorder; app: AppServer }>({
    ingest: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
      async ({}, provide) => {
        const ingest = await startRecorder();
        await provide(ingest);
        await ingest.close();
      },
      { scope: 'worker' },
    ],
    app: [
      async ({ ingest }, provide) => {
        const dsn = new URL(ingest.url);
        dsn.username = 'e2epublickey';
        dsn.pathname = '/42';
        const server = await startAppServer({ SENTRY_DSN: dsn.toString() });
        await provide(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    envelopes: async ({ ingest }, provide) => {
      ingest.requests.length = 0;
      await provide(ingest.requests);
    },
  });

  withSentry(
    'browser errors go to Sentry, without the query, and not to our endpoint',
    async ({ page, app, ingest, envelopes }) => {
      const ownReports: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/resources/client-errors') ownReports.push(request.method());
      });
      const response = await page.goto(pages.home.de);
      expect(response?.headers()['content-security-policy']).toContain(`connect-src 'self' ${ingest.url};`);
      await waitForHydration(page);
      // Thrown while the SDK may still be loading: such errors wait in a queue and go out once it runs.
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('e2e sentry failure at /de/start?token=leaked-secret');
        });
      });

      await expect
        // The SDK's chunk may take a moment on a busy machine.
        .poll(() => envelopes.filter((request) => request.body.includes('e2e sentry failure')).length, {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
      const envelope = envelopes.find((request) => request.body.includes('e2e sentry failure'));
      expect(envelope?.path).toBe('/api/42/envelope/');
      expect(envelope?.body).not.toContain('leaked-secret');
      expect(envelope?.headers.cookie).toBeUndefined();
      expect(ownReports).toEqual([]);
      expect(app.logs()).not.toContain('client error');
      // The server's SDK started with the first page as well.
      expect(app.logs()).not.toContain('Sentry SDK could not be loaded');
    },
  );
});

import type { Browser, Page } from '@playwright/test';
import type { Brand } from '../../app/config/brand';
import { locales, type Locale } from '../../app/i18n/locales';
import { isWebView, pageIdsOf, pages, type PageId } from '../../app/i18n/route-table';
import { staysEmbedded } from '../../app/shared/navigation/internal-link';
import { startAppServer } from '../support/app-server';
import { demoCustomer, logInByRequest } from './support/accounts';
import { consentStorageState, expect, test as base, waitForHydration, type AppUnderTest } from './support/test';

/**
 * Every internal link is built by one link builder (docs/decisions/0027-one-link-builder.md). These
 * specs crawl every page of the route table, as a visitor and as the demo customer, in both brands,
 * both languages and at 320 and 1280 px, and look at every link a page offers: none may drop the
 * travelling query values, and none may lead from a web view to a page shown as the site.
 */

const travelling = { utm_source: 'x', gclid: 'y' };
const viewports = [
  { width: 320, height: 640 },
  { width: 1280, height: 800 },
];

/** A brand's pages: another brand's are not found (docs/rules/reports.md#report-pages-per-brand). */
const publicPagesOf = (brand: Brand) => pageIdsOf(brand).filter((id) => pages[id].middleware.length === 0);
const customerPagesOf = (brand: Brand) => pageIdsOf(brand).filter((id) => pages[id].middleware.length > 0);

/** The app's own pages a page links to (other sites, hashes on the page and resources left out). */
async function internalLinks(page: Page): Promise<URL[]> {
  const here = new URL(page.url());
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  return hrefs
    .filter((href) => !href.startsWith('#'))
    .map((href) => new URL(href, here))
    .filter((url) => url.origin === here.origin && !url.pathname.startsWith('/resources/'));
}

function pathOf(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Opens `path` with `query` and hands the page as shown (after redirects and hydration) to `check`. */
async function visit(page: Page, path: string, query: Record<string, string>): Promise<URL> {
  const response = await page.goto(`${path}?${new URLSearchParams(query)}`);
  expect(response?.status(), `${path} answers`).toBeLessThan(400);
  await waitForHydration(page);
  return new URL(page.url());
}

/**
 * No link of the page, and not the page itself after its redirects, drops a travelling value.
 * Answers how many links it looked at.
 */
async function expectTravellingValuesKept(page: Page, path: string): Promise<number> {
  const shown = await visit(page, path, travelling);
  for (const [key, value] of Object.entries(travelling)) {
    expect(shown.searchParams.get(key), `${path} shown as ${pathOf(shown)}`).toBe(value);
  }
  const links = await internalLinks(page);
  for (const link of links) {
    for (const [key, value] of Object.entries(travelling)) {
      expect(link.searchParams.get(key), `link ${pathOf(link)} on ${path}`).toBe(value);
    }
  }
  if (isWebView(shown.pathname, shown.search)) await expectEmbedded(page, path);
  return links.length;
}

/** The page shows as the apps' web view, and every link leads to a page that does too. */
async function expectEmbedded(page: Page, path: string): Promise<void> {
  await expect(page.locator('header, footer'), `${path} has no site header or footer`).toHaveCount(0);
  await expect(page.locator('dialog'), `${path} shows no consent dialog`).toHaveCount(0);
  for (const link of await internalLinks(page)) {
    expect(staysEmbedded(pathOf(link)), `link ${pathOf(link)} on ${path} stays in the web view`).toBe(true);
  }
}

/** A page of the site opened by an app (`dbcembedded`): shown embedded, and every link keeps the marker. */
async function expectMarkerKept(page: Page, path: string): Promise<void> {
  const shown = await visit(page, path, { dbcembedded: '2' });
  expect(shown.searchParams.get('dbcembedded'), `${path} shown as ${pathOf(shown)}`).toBe('2');
  await expectEmbedded(page, path);
  for (const link of await internalLinks(page)) {
    if (!isWebView(link.pathname)) expect(link.searchParams.get('dbcembedded'), `link ${pathOf(link)}`).toBe('2');
  }
}

async function tab(browser: Browser, app: AppUnderTest): Promise<Page> {
  // No consent choice: the dialog is there on the site, and must not be in a web view.
  const context = await browser.newContext({ baseURL: app.url, storageState: consentStorageState(app.url, null) });
  return context.newPage();
}

/** A visitor's tab and the demo customer's, logged in once per worker and reused from test to test. */
function withTabs(test: typeof base) {
  return test.extend<object, { visitorTab: Page; customerTab: Page }>({
    visitorTab: [
      async ({ browser, app }, provide) => {
        const page = await tab(browser, app);
        await provide(page);
        await page.context().close();
      },
      { scope: 'worker' },
    ],
    customerTab: [
      async ({ browser, app }, provide) => {
        const page = await tab(browser, app);
        await logInByRequest(page.request, demoCustomer);
        await provide(page);
        await page.context().close();
      },
      { scope: 'worker' },
    ],
  });
}

function crawlSpecs(test: ReturnType<typeof withTabs>, brand: Brand): void {
  const publicPages = publicPagesOf(brand);
  const customerPages = customerPagesOf(brand);
  for (const viewport of viewports) {
    for (const locale of locales) {
      const paths = (ids: PageId[]) => ids.map((id) => pages[id][locale]);
      const at = `${locale}, ${viewport.width} px`;

      test(`no link of a visitor's page drops utm* or gclid, and web views link only web views (${at})`, async ({
        visitorTab: page,
      }) => {
        test.setTimeout(180_000);
        await page.setViewportSize(viewport);
        let links = 0;
        for (const path of paths(publicPages)) {
          links += await test.step(path, () => expectTravellingValuesKept(page, path));
        }
        // The header, the footer and the pages' own links: far more than one a page.
        expect(links).toBeGreaterThan(publicPages.length * 5);
      });

      test(`no link of the customer's pages drops utm* or gclid, and web views link only web views (${at})`, async ({
        customerTab: page,
      }) => {
        test.setTimeout(180_000);
        await page.setViewportSize(viewport);
        let links = 0;
        for (const path of paths(customerPages)) {
          links += await test.step(path, () => expectTravellingValuesKept(page, path));
        }
        expect(links).toBeGreaterThan(customerPages.length * 5);
      });

      test(`with dbcembedded every page of the site shows embedded and its links keep it (${at})`, async ({
        visitorTab,
        customerTab,
      }) => {
        test.setTimeout(180_000);
        for (const [page, ids] of [
          [visitorTab, publicPages],
          [customerTab, customerPages],
        ] as const) {
          await page.setViewportSize(viewport);
          for (const path of paths(ids.filter((id) => !pages[id].embedded))) {
            await test.step(path, () => expectMarkerKept(page, path));
          }
        }
      });
    }
  }
}

base.describe('brand cab', () => {
  const test = withTabs(base);
  crawlSpecs(test, 'cab');

  for (const viewport of viewports) {
    test.describe(`${viewport.width} px`, () => {
      test.use({ viewport });

      const forgotPassword: Record<Locale, string> = { de: 'Passwort vergessen?', en: 'Forgot your password?' };
      const register: Record<Locale, string> = { de: 'Registrieren', en: 'Register' };

      for (const locale of locales) {
        test(`the embedded login opens the web views of "forgot password" and "register" (${locale})`, async ({
          page,
        }) => {
          await page.goto(`${pages.loginEmbedded[locale]}?utm_source=x`);
          await waitForHydration(page);

          await page.getByRole('link', { name: forgotPassword[locale] }).click();
          await expect(page).toHaveURL(`${pages.passwordResetStartEmbedded[locale]}?utm_source=x`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('header, footer')).toHaveCount(0);

          await page.goBack();
          await page.getByRole('link', { name: register[locale], exact: true }).click();
          await expect(page).toHaveURL(`${pages.registerEmbedded[locale]}?utm_source=x`);
          await expect(page.locator('header, footer')).toHaveCount(0);
        });
      }

      test('the footer’s accessibility link opens the statement on the site, with its header and footer', async ({
        page,
      }) => {
        await page.goto(`${pages.home.en}?gclid=y`);
        await waitForHydration(page);

        await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility', exact: true }).click();

        await expect(page).toHaveURL(`${pages.accessibilityStatement.en}?gclid=y`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accessibility statement');
        await expect(page.getByRole('banner').getByRole('link', { name: /home/i })).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
      });

      test('logging in on the English login with a German target lands on the English page, with utm* and gclid', async ({
        page,
      }) => {
        const redirectTo = pages.credit.de;
        await page.goto(`${pages.login.en}?${new URLSearchParams({ redirectTo, ...travelling })}`);
        await waitForHydration(page);

        await page.getByRole('textbox', { name: 'Email address' }).fill(demoCustomer.email);
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoCustomer.password);
        await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();

        await expect(page).toHaveURL(`${pages.credit.en}?${new URLSearchParams(travelling)}`);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Balance');

        // Logging out keeps them too. Below 700 px the header's controls sit in its menu.
        if (viewport.width < 700) await page.getByRole('banner').getByText('Menu', { exact: true }).click();
        await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
        await expect(page).toHaveURL(`${pages.login.en}?loggedOut=1&${new URLSearchParams(travelling)}`);
      });
    });
  }
});

base.describe('brand flinkster', () => {
  const test = withTabs(
    base.extend({
      app: [
        // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
        async ({}, provide) => {
          const server = await startAppServer({ CLIENT: 'flinkster' });
          await provide(server);
          await server.stop();
        },
        { scope: 'worker', timeout: 180_000 },
      ],
    }),
  );
  crawlSpecs(test, 'flinkster');
});

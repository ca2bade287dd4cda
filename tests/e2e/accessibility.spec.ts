import type { Browser, Page } from '@playwright/test';
import type { ConsentChoice } from '../../app/shared/consent/consent-cookie';
import { terminalHome, terminalPaths } from '../../app/features/bike-reports/terminal-paths';
import { contentPagePath, linkedContentPages } from '../../app/features/content/content-links';
import { confirmEmailChangePaths } from '../../app/features/personal-data/policy';
import { locales } from '../../app/i18n/locales';
import { pageIdsOf, pages, type PageId } from '../../app/i18n/route-table';
import { expectNoViolationsAtEveryWidth } from './support/accessibility';
import { demoCustomer, logInByRequest, newCustomer, registerByRequest } from './support/accounts';
import {
  consentStorageState,
  expect,
  test as base,
  testWithCuttableDatabase,
  waitForHydration,
  type AppUnderTest,
} from './support/test';

/** The shared server runs the brand cab; another brand's pages are not found there (docs/rules/reports.md#report-pages-per-brand). */
const pageIds = pageIdsOf('cab');

/**
 * Accessibility: axe with the WCAG 2.1 A and AA rules finds nothing on any page of the route table, in both
 * locales, logged out and logged in, at 390 and 1280 px; nor on the generic pages, in the states that only
 * show after an interaction, and in brand flinkster (docs/decisions/0013-accessibility-gates.md).
 */

/**
 * A tab in a context of its own. Scans run with reduced motion, so that content sections below the
 * fold are not faded out (or half faded in) while axe measures their contrast.
 */
async function scanTab(browser: Browser, app: AppUnderTest, consent: ConsentChoice | null): Promise<Page> {
  const context = await browser.newContext({
    baseURL: app.url,
    locale: 'de-DE',
    reducedMotion: 'reduce',
    storageState: consentStorageState(app.url, consent),
  });
  return context.newPage();
}

/**
 * Two tabs per worker, reused from test to test (a warm cache makes a visit several times faster):
 * a visitor's, and the demo customer's, logged in once. Nothing a test does in them changes data:
 * forms are only sent with mistakes.
 */
const test = base.extend<object, { visitorTab: Page; customerTab: Page }>({
  visitorTab: [
    async ({ browser, app }, provide) => {
      const page = await scanTab(browser, app, 'rejected');
      await provide(page);
      await page.context().close();
    },
    { scope: 'worker' },
  ],
  customerTab: [
    async ({ browser, app }, provide) => {
      const page = await scanTab(browser, app, 'rejected');
      await logInByRequest(page.request, demoCustomer);
      await provide(page);
      await page.context().close();
    },
    { scope: 'worker' },
  ],
});
test.use({ reducedMotion: 'reduce' });

async function scan(page: Page, path: string, state: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expectNoViolationsAtEveryWidth(page, state);
}

const behindLogin = (id: PageId) => (pages[id].middleware as readonly string[]).includes('auth');

test.describe('every page of the route table', () => {
  for (const id of pageIds) {
    for (const locale of locales) {
      const path = pages[id][locale];
      // Logged out, a page behind the login is the login page, which is scanned in its own right.
      if (!behindLogin(id)) {
        test(`${path} (${id}), logged out`, async ({ visitorTab }) => {
          await scan(visitorTab, path, `${id}, logged out`);
        });
      }
      test(`${path} (${id}), logged in`, async ({ customerTab }) => {
        await scan(customerTab, path, `${id}, logged in`);
      });
    }
  }
});

/**
 * Pages outside the route table that visitors reach: content pages (the footer's, and one as a web
 * view), the 404 page, the station terminal, and the email-change confirmation (here without a
 * token: its error message).
 */
const genericPages = [
  ...locales.flatMap((locale) => linkedContentPages.map(({ slug }) => contentPagePath(slug, locale))),
  // The web-view form of a content page (app/routes.ts: webviews/:locale/:route).
  ...locales.map((locale) => `/webviews${contentPagePath('faq', locale)}`),
  ...locales.map((locale) => `/${locale}/gibt-es-nicht`),
  terminalHome,
  ...locales.flatMap((locale) => Object.values(terminalPaths[locale])),
  ...locales.map((locale) => confirmEmailChangePaths[locale]),
];

test.describe('generic pages', () => {
  for (const path of genericPages) {
    test(`${path}, logged out`, async ({ visitorTab }) => {
      await scan(visitorTab, path, 'logged out');
    });
  }
});

/** Forms that refuse to be sent empty: sent so, they show their messages. */
const formsSentEmpty: { id: PageId; loggedIn: boolean }[] = [
  { id: 'register', loggedIn: false },
  { id: 'login', loggedIn: false },
  { id: 'passwordResetStart', loggedIn: false },
  { id: 'cancelContract', loggedIn: false },
  { id: 'reportBike', loggedIn: false },
  { id: 'credit', loggedIn: true },
  { id: 'paymentUpdate', loggedIn: true },
  { id: 'updateEmail', loggedIn: true },
  { id: 'updatePhone', loggedIn: true },
  { id: 'updatePassword', loggedIn: true },
];

test.describe('states that show after an interaction', () => {
  for (const { id, loggedIn } of formsSentEmpty) {
    test(`${pages[id].de}: the form sent empty, with its messages`, async ({ visitorTab, customerTab }) => {
      const page = loggedIn ? customerTab : visitorTab;
      await page.goto(pages[id].de);
      await waitForHydration(page);
      // The first form of the page that has required fields (the credit page's is the voucher).
      await page.getByRole('main').locator('form:has([required]) [type="submit"]').first().click();
      await expect(page.getByRole('main').locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoViolationsAtEveryWidth(page, 'the form sent empty');
    });
  }

  test('the login refused by the server, its message at the top of the form', async ({ visitorTab: page }) => {
    await page.goto(pages.login.en);
    await waitForHydration(page);
    await page.getByRole('textbox', { name: 'Email address' }).fill(newCustomer().email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password at all');
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoViolationsAtEveryWidth(page, 'the refused login');
  });

  for (const id of ['register', 'reportBike'] as const) {
    test(`${pages[id].de}: the address combobox open with a suggestion active`, async ({ visitorTab: page }) => {
      await page.goto(pages[id].de);
      await waitForHydration(page);
      const address = page.getByRole('main').getByRole('combobox', { name: /Adresse/ });
      await address.pressSequentially('Alexanderpl');
      await expect(page.getByRole('listbox', { name: 'Adressvorschläge' })).toBeVisible();
      await address.press('ArrowDown');
      await expect(address).toHaveAttribute('aria-activedescendant', /.+/);
      await expectNoViolationsAtEveryWidth(page, 'the open suggestions');
    });
  }

  test('the consent dialog, in German and English', async ({ browser, app }) => {
    // Two pages scanned at every width: twice the work of the other scans.
    test.slow();
    const page = await scanTab(browser, app, null);
    for (const locale of locales) {
      await page.goto(pages.home[locale]);
      await waitForHydration(page);
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolationsAtEveryWidth(page, 'the consent dialog');
    }
    await page.context().close();
  });

  test('the reminder to confirm the email address, for a new customer', async ({ page }) => {
    await registerByRequest(page.request, newCustomer());
    await page.goto(pages.selfService.de);
    await waitForHydration(page);
    await expect(page.getByRole('region', { name: /Bitte bestätige deine E-Mail-Adresse/ })).toBeVisible();
    await expectNoViolationsAtEveryWidth(page, 'the verification reminder');
  });
});

/**
 * The other brand, with its own colours and content, on a few pages of each kind; then, with its
 * database cut, the error screen (its heading and button in the brand colour).
 */
test.describe('brand flinkster', () => {
  // The demo data, which a server on DATABASE_URL seeds only when asked to (README, "Configuration").
  const flinkster = testWithCuttableDatabase({ CLIENT: 'flinkster', DEMO_SEED: '1' });
  flinkster.use({ reducedMotion: 'reduce' });
  // In order, in one worker: the last test takes the database away. Each test scans several pages.
  flinkster.describe.configure({ mode: 'default', timeout: 90_000 });

  const publicPages: PageId[] = ['home', 'priceList', 'register', 'login', 'cancelContract', 'reportBikeWebView'];
  const customerPages: PageId[] = ['selfService', 'contract', 'tariff', 'rides', 'credit', 'selfServiceEmbedded'];

  flinkster('public pages, a content page and the 404 page', async ({ page }) => {
    for (const path of [...publicPages.map((id) => pages[id].de), contentPagePath('faq', 'en'), '/en/does-not-exist']) {
      await scan(page, path, 'flinkster, logged out');
    }
  });

  flinkster('the self-service area', async ({ page }) => {
    await logInByRequest(page.request, demoCustomer);
    for (const id of customerPages) await scan(page, pages[id].en, 'flinkster, logged in');
    // The demo rides (app/db/seed/demo.server.ts) are cars with their class and distance.
    await page.goto(pages.rides.en);
    const rides = page.getByRole('table', { name: /Your rides, newest first/ });
    await expect(rides.getByRole('row')).toHaveCount(21);
    await expect(rides.getByRole('columnheader', { name: 'Distance' })).toBeVisible();
  });

  flinkster('the error screen', async ({ page, database }) => {
    await database.proxy.cut();
    for (const locale of locales) {
      await scan(page, pages.priceList[locale], 'flinkster, database down');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'de' ? 'Hoppla!' : 'Oops!');
    }
  });
});

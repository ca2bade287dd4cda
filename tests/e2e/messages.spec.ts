import { de } from '../../app/i18n/messages/de';
import { en } from '../../app/i18n/messages/en';
import { locales } from '../../app/i18n/locales';
import { pageIdsOf, pages } from '../../app/i18n/route-table';
import { confirmEmailChangePaths } from '../../app/features/personal-data/policy';
import { collectBrowserErrors, expect, test, waitForHydration } from './support/test';

/** The shared server runs the brand cab; another brand's pages are not found there (docs/rules/reports.md#report-pages-per-brand). */
const pageIds = pageIdsOf('cab');

/**
 * A message the browser has not loaded shows as its key (app/i18n/translate.ts), and the server,
 * which has every message, rendered its text: hydration fails. So every page without a login, in
 * both languages, must show no key and hydrate cleanly; pages behind the login sit under layouts
 * that load the whole catalogue (app/routes.ts). The email pages answer a missing token with a
 * message of the accounts catalogue, so they are opened without one.
 */
const keys = [...new Set([...Object.keys(de), ...Object.keys(en)])].filter((key) => key.includes('.'));

const publicPaths = pageIds
  .filter((id) => pages[id].middleware.length === 0)
  .flatMap((id) => locales.map((locale) => pages[id][locale]));

for (const path of [...publicPaths, ...locales.map((locale) => confirmEmailChangePaths[locale])]) {
  // In the worker's warm tab: a page's own chunks load and hydrate as in a fresh one, in a fraction of the time.
  test(`${path} shows its messages, not their keys, before and after hydration`, async ({ sharedPage: page }) => {
    const browser = collectBrowserErrors(page);
    try {
      await page.goto(path);
      await waitForHydration(page);
      const shown = `${await page.title()}\n${await page.locator('body').innerText()}`;
      expect(keys.filter((key) => shown.includes(key))).toEqual([]);
      expect(browser.errors.filter((error) => /hydrat/i.test(error))).toEqual([]);
    } finally {
      browser.stop();
    }
  });
}

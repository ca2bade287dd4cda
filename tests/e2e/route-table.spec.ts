import { locales, type Locale } from '../../app/i18n/locales';
import { isWebView, pageIdsOf, pages, type MiddlewareName, type PageId } from '../../app/i18n/route-table';
import { expect, test } from './support/test';

/** The shared server runs the brand cab; another brand's pages are not found there (docs/rules/reports.md#report-pages-per-brand). */
const pageIds = pageIdsOf('cab');

/**
 * Brand cab (the shared server's) sends the report web views to the regular report page
 * (docs/rules/content-and-navigation.md#report-web-view-rewrite).
 */
const cabRewrites: Partial<Record<PageId, PageId>> = { reportBikeWebView: 'reportBike' };

const cancelLinkText: Record<Locale, string> = { de: 'Verträge hier kündigen', en: 'Cancel contracts here' };

for (const id of pageIds) {
  const definition = pages[id];
  for (const locale of locales) {
    const path = definition[locale];

    if ((definition.middleware as readonly MiddlewareName[]).includes('auth')) {
      const login = pages[definition.embedded ? 'loginEmbedded' : 'login'][locale];
      test(`${id} (${locale}) ${path} sends visitors without a session to ${login}`, async ({ request }) => {
        const response = await request.get(path, { maxRedirects: 0 });
        expect(response.status()).toBe(302);
        const target = new URL(response.headers()['location'] ?? '', 'http://app');
        expect(target.pathname).toBe(login);
        expect(target.searchParams.get('redirectTo')).toBe(path);

        const loginPage = await request.get(`${target.pathname}${target.search}`);
        expect(loginPage.status()).toBe(200);
        expect(await loginPage.text()).toMatch(new RegExp(`<html[^>]*\\slang="${locale}"`));
      });
      continue;
    }

    const shownId = cabRewrites[id] ?? id;
    const shownPath = pages[shownId][locale];
    test(`${id} (${locale}) ${path} opens in its layout`, async ({ sharedPage: page }) => {
      const response = await page.goto(path);

      await test.step('answers 200 with an h1 in the right language', async () => {
        if (shownId !== id) {
          const requested = response?.request().redirectedFrom()?.url();
          expect(requested && new URL(requested).pathname, `${path} is rewritten`).toBe(path);
        }
        expect(new URL(page.url()).pathname).toBe(shownPath);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page.locator('h1')).not.toBeEmpty();
      });

      const shown = new URL(page.url());
      if (isWebView(shown.pathname, shown.search)) {
        await test.step('web view: no site header or footer, no animation attributes', async () => {
          await expect(page.locator('header, footer')).toHaveCount(0);
          await expect(page.locator('[data-animate]')).toHaveCount(0);
        });
      } else {
        await test.step('main view: site header and footer with the cancellation link', async () => {
          await expect(page.getByRole('banner')).toBeVisible();
          const cancel = page.getByRole('contentinfo').getByRole('link', { name: cancelLinkText[locale], exact: true });
          await expect(cancel).toHaveAttribute('href', pages.cancelContract[locale]);
        });
      }
    });
  }
}

test('content sections fade in on the privacy page but carry no animation attributes in the web view', async ({
  page,
}) => {
  await page.goto(pages.privacy.de);
  await expect(page.locator('main section[data-animate="fade-in"]').first()).toBeAttached();

  await page.goto(pages.accessibility.de);
  await expect(page.locator('main section').first()).toBeAttached();
  await expect(page.locator('[data-animate]')).toHaveCount(0);
});

import type { Page } from '@playwright/test';
import { pages } from '../../app/i18n/route-table';
import { expect, test, waitForHydration } from './support/test';

test.describe('locale switch', () => {
  test('leads to the same page in English and keeps the query string', async ({ page, context }) => {
    await page.goto(`${pages.priceList.de}?utm_source=x`);
    await waitForHydration(page);

    await page.getByRole('link', { name: 'Sprache wechseln: English' }).click();

    await expect(page).toHaveURL(`${pages.priceList.en}?utm_source=x`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Price list');
    // Remembered for `/`.
    expect((await context.cookies()).find((cookie) => cookie.name === 'locale')?.value).toBe('en');
  });

  test('on a content page leads to the same content in the other language, also in a web view', async ({ page }) => {
    await page.goto('/de/agb?utm_source=x');
    await waitForHydration(page);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/en\/agb$/);

    await page.getByRole('link', { name: 'Sprache wechseln: English' }).click();

    await expect(page).toHaveURL('/en/agb?utm_source=x');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.goto('/webviews/en/faq');
    // The app's copy points search engines at the site's page and stays out of their index.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/en\/faq$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('leads back to the German page', async ({ page }) => {
    await page.goto(pages.getTheApp.en);
    await waitForHydration(page);

    await page.getByRole('link', { name: 'Switch language: Deutsch' }).click();

    await expect(page).toHaveURL(pages.getTheApp.de);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test.describe('query values carried to the next page', () => {
  // A link in the page itself: with dbcembedded the app's web view has no site navigation.
  const priceListLink = (page: Page) =>
    page.getByRole('main').getByRole('link', { name: 'Alle Preise im Preisverzeichnis' });

  test('utm*, gclid and dbcembedded=1 follow the visitor', async ({ page }) => {
    await page.goto(`${pages.home.de}?utm_source=news&gclid=abc&dbcembedded=1`);
    await waitForHydration(page);

    const href = new URL((await priceListLink(page).getAttribute('href')) ?? '', page.url());
    expect(href.pathname).toBe(pages.priceList.de);
    expect(Object.fromEntries(href.searchParams)).toEqual({ utm_source: 'news', gclid: 'abc', dbcembedded: '1' });

    await priceListLink(page).click();
    await expect(page).toHaveURL(/\/de\/preisverzeichnis\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      utm_source: 'news',
      gclid: 'abc',
      dbcembedded: '1',
    });
  });

  test('a page opened by the app with dbcembedded shows no site header or footer, also after a rewrite', async ({
    page,
  }) => {
    await page.goto(`${pages.reportBikeWebView.de}?dbcembedded=1`);
    await expect(page).toHaveURL(`${pages.reportBike.de}?dbcembedded=1`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('header, footer')).toHaveCount(0);
    await expect(page.locator('[data-animate]')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('dbcembedded values other than 1 and 2 stay behind', async ({ page }) => {
    await page.goto(`${pages.home.de}?utm_source=news&dbcembedded=3`);

    const href = new URL((await priceListLink(page).getAttribute('href')) ?? '', page.url());
    expect(href.pathname).toBe(pages.priceList.de);
    expect(Object.fromEntries(href.searchParams)).toEqual({ utm_source: 'news' });
  });
});

test.describe('/ leads to the home page of the preferred locale', () => {
  const cases: { name: string; headers: Record<string, string>; home: string }[] = [
    { name: 'German by default', headers: {}, home: pages.home.de },
    {
      name: 'German for a language the site does not speak',
      headers: { 'Accept-Language': 'fr-FR' },
      home: pages.home.de,
    },
    {
      name: 'English for Accept-Language en-GB',
      headers: { 'Accept-Language': 'en-GB,en;q=0.9' },
      home: pages.home.en,
    },
    {
      name: 'the cookie before Accept-Language',
      headers: { 'Accept-Language': 'de', Cookie: 'locale=en' },
      home: pages.home.en,
    },
  ];
  for (const { name, headers, home } of cases) {
    test(name, async ({ playwright, baseURL }) => {
      // A bare client: no Accept-Language unless the case sets one.
      const client = await playwright.request.newContext({ baseURL });
      const response = await client.get('/', { headers, maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers()['location']).toBe(home);
      await client.dispose();
    });
  }

  test('a browser set to British English lands on the English home page', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(pages.home.en);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });
});

import { pages } from '../../app/i18n/route-table';
import { expectErrorScreen } from './support/error-screen';
import { expect, testWithCuttableDatabase } from './support/test';

const test = testWithCuttableDatabase({ CLIENT: 'flinkster' });

// In order, in one worker: the last test takes the database away.
test.describe.configure({ mode: 'default' });

const flinksterGreen = 'rgb(11, 107, 58)';

test('pages carry the brand flinkster', async ({ page }) => {
  await page.goto(pages.home.de);
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'flinkster');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flinkster');
  // Title, tab icon and logo come from the brand profile (docs/rules/general.md#brands).
  await expect(page).toHaveTitle('Start – Flinkster');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/brands/flinkster/favicon.svg');
  await expect(page.locator('.site-header img')).toHaveAttribute('src', '/brands/flinkster/logo.svg');
  const favicon = await page.request.get('/brands/flinkster/favicon.svg');
  expect(favicon.headers()['content-type']).toContain('image/svg+xml');
});

test('/cancel-contract is not rewritten: 404 in the brand colour', async ({ page }) => {
  const response = await page.goto('/cancel-contract');

  expect(response?.status()).toBe(404);
  expect(response?.request().redirectedFrom()).toBeNull();
  await expect(page.getByText('Page not found: /cancel-contract', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('color', flinksterGreen);
});

test('the report web view is the damage report’s; the bike report’s address leads there', async ({ page }) => {
  const response = await page.goto(pages.reportDamageWebView.de);

  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()).toBeNull();
  expect(new URL(page.url()).pathname).toBe(pages.reportDamageWebView.de);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('header, footer')).toHaveCount(0);

  // The apps open the report web view's address; on flinkster it leads to the damage report's, carrying the query.
  expect((await page.goto(`${pages.reportBikeWebView.de}?dbcembedded=1`))?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(pages.reportDamageWebView.de);
  expect(new URL(page.url()).searchParams.get('dbcembedded')).toBe('1');
});

test('the error screen heading is in the brand colour', async ({ page, database }) => {
  await database.proxy.cut();

  await page.goto(pages.priceList.en);

  await expectErrorScreen(page, {
    heading: 'Oops!',
    text: 'Something went wrong. Please try again later.',
    colour: flinksterGreen,
    back: 'Back to home',
    home: pages.home.en,
  });
});

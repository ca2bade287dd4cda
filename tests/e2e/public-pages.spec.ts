import { linkedContentPages, contentPagePath } from '../../app/features/content/content-links';
import { locales } from '../../app/i18n/locales';
import { pageIdsOf, pagePath, pages } from '../../app/i18n/route-table';
import { translator } from '../../app/i18n/translate';
import { startAppServer, testPreviewSecret } from '../support/app-server';
import { expect, test as base } from './support/test';

/** Each brand offers its own report page (docs/rules/reports.md#report-pages-per-brand). */
const publicPagesOf = (brand: 'cab' | 'flinkster') => pageIdsOf(brand).filter((id) => pages[id].indexable);

/** Every public page of the brand, in both locales, answers with its own heading and content from its source. */
function checkPublicPages(test: typeof base, brand: 'cab' | 'flinkster') {
  const publicPages = publicPagesOf(brand);
  for (const locale of locales) {
    const t = translator(locale, brand);
    for (const id of publicPages) {
      test(`${brand}: ${pagePath(id, locale)} renders`, async ({ sharedPage: page }) => {
        const response = await page.goto(pagePath(id, locale));
        expect(response?.status()).toBe(200);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toBeVisible();
        if (id !== 'home') await expect(heading).toHaveText(t(`page.${id}.title`));
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w{3,}/);
        expect((await page.locator('main').innerText()).length).toBeGreaterThan(40);
      });
    }
    for (const content of linkedContentPages) {
      test(`${brand}: ${contentPagePath(content.slug, locale)} comes from the bundled content`, async ({
        sharedPage: page,
      }) => {
        const response = await page.goto(contentPagePath(content.slug, locale));
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect((await page.locator('main').innerText()).length).toBeGreaterThan(200);
      });
    }
  }
}

base.describe('brand cab', () => {
  checkPublicPages(base, 'cab');

  base('the home page shows how it works, the tariffs, the FAQ and the apps', async ({ sharedPage: page }) => {
    await page.goto(pagePath('home', 'de'));
    await expect(page.getByRole('heading', { name: 'So funktioniert’s' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Komfort Jahr', level: 3 })).toBeVisible();
    const question = page.getByText('Kann ich jederzeit kündigen?');
    await question.click();
    await expect(page.getByText(/ohne Anmeldung kündigen/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Laden im App Store' }).first()).toBeVisible();
  });

  base('the price list of bikes has the tariffs and the e-bike surcharge', async ({ sharedPage: page }) => {
    await page.goto(pagePath('priceList', 'en'));
    await expect(page.getByRole('rowheader', { name: 'Comfort annual' })).toBeVisible();
    await expect(page.getByText(/^E-bike surcharge: €1.00 per started 30 minutes/)).toBeVisible();
  });

  base('sitemap.xml lists every public page in both locales with alternates', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.headers()['content-type']).toContain('application/xml');
    const xml = await response.text();
    for (const id of publicPagesOf('cab')) {
      for (const locale of locales) expect(xml).toContain(`${pagePath(id, locale)}</loc>`);
    }
    expect(xml).toContain('hreflang="x-default"');
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
  });

  base('a draft preview needs the secret, which then leaves the address', async ({ request, page }) => {
    expect((await request.get('/preview/page?slug=faq&locale=de')).status()).toBe(404);
    expect((await request.get('/preview/page?slug=faq&locale=de&secret=guessed-wrong')).status()).toBe(404);

    const response = await page.goto(`/preview/page?slug=faq&locale=en&secret=${testPreviewSecret}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).search).toBe('?slug=faq&locale=en');
    await expect(page.getByRole('status')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // The cookie, not the address, carries the right to see drafts: a copied link shows nothing.
    expect((await request.get('/preview/page?slug=faq&locale=en')).status()).toBe(404);
  });
});

base.describe('brand flinkster', () => {
  const test = base.extend({
    app: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
      async ({}, provide) => {
        const server = await startAppServer({ CLIENT: 'flinkster' });
        await provide(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 180_000 },
    ],
  });

  checkPublicPages(test, 'flinkster');

  test('the price list shows the car classes', async ({ sharedPage: page }) => {
    await page.goto(pagePath('priceList', 'de'));
    await expect(page.getByRole('rowheader', { name: 'Transporter' })).toBeVisible();
  });

  test('the home page speaks of cars, not bikes', async ({ sharedPage: page }) => {
    await page.goto(pagePath('home', 'en'));
    await expect(page.getByText('From small cars to vans')).toBeVisible();
  });
});

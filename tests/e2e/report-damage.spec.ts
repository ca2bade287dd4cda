import { randomUUID } from 'node:crypto';
import { pages } from '../../app/i18n/route-table';
import { terminalHome } from '../../app/features/bike-reports/terminal-paths';
import { startAppServer } from '../support/app-server';
import { readMail } from './support/accounts';
import { expect, test as base, waitForHydration } from './support/test';

/**
 * The vehicle damage report of flinkster (docs/rules/reports.md#vehicle-damage-reports) and the report
 * pages per brand (docs/rules/reports.md#report-pages-per-brand).
 */

const flinkster = base.extend({
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

/** The smallest PNG: one transparent pixel. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

flinkster.describe('on flinkster', () => {
  flinkster.use({ geolocation: { latitude: 52.52, longitude: 13.405, accuracy: 12 }, permissions: ['geolocation'] });

  for (const width of [320, 1280]) {
    flinkster(
      `at ${width} px a visitor reports a dent with a photo and gets the reference by mail`,
      async ({ page, browserErrors }) => {
        // A whole report with an upload and the mailbox: more than one page's time on a busy machine.
        flinkster.setTimeout(90_000);
        await page.setViewportSize({ width, height: 900 });
        const email = `driver-${randomUUID()}@example.com`;
        await page.goto(pages.reportDamage.de);
        await waitForHydration(page);

        await page.getByRole('textbox', { name: 'Kennzeichen' }).fill('b ab1234');
        await page.getByRole('combobox', { name: 'Art des Schadens' }).selectOption('dent');
        await page.getByRole('combobox', { name: 'Stelle am Fahrzeug' }).selectOption('left');
        await page.getByRole('textbox', { name: 'Beschreibung' }).fill('Delle in der Fahrertür.');
        await page.getByLabel('Fotos').setInputFiles({ name: 'tuer.png', mimeType: 'image/png', buffer: onePixelPng });
        // With JavaScript the chosen photo is listed with its size before sending.
        await expect(page.getByText(/tuer\.png \(\d+ Byte\)/)).toBeVisible();
        await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
        await expect(page.getByText(/Standort übernommen/)).toBeVisible();
        await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
        await page.getByRole('button', { name: 'Schaden melden' }).click();

        // The upload and the redirect after it take a while on a busy machine.
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Danke für deine Schadensmeldung!', {
          timeout: 20_000,
        });
        const reference = (await page.locator('.report-reference strong').innerText()).trim();
        expect(reference).toMatch(/^R-\d{4}-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflow).toBe(false);
        expect(browserErrors).toEqual([]);

        const mail = await readMail(page, email, new RegExp(reference));
        expect(mail).toContain('Fahrzeug B-AB 1234');
        expect(mail).toContain('Fotos: 1 (1. PNG');
      },
    );
  }

  flinkster('a file that is no photo is refused next to the photo field, keeping what was typed', async ({ page }) => {
    flinkster.setTimeout(90_000);
    await page.goto(pages.reportDamage.en);
    await waitForHydration(page);
    await page.getByRole('textbox', { name: 'Licence plate' }).fill('M-X 12E');
    await page.getByLabel('Photos').setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await page.getByRole('combobox', { name: 'Kind of damage' }).selectOption('glass');
    await page.getByRole('combobox', { name: 'Position on the vehicle' }).selectOption('front');
    await page.getByRole('button', { name: 'Use my position' }).click();
    await page.getByRole('textbox', { name: 'Email address' }).fill(`driver-${randomUUID()}@example.com`);
    await page.getByRole('button', { name: 'Report damage' }).click();

    await expect(
      page.getByText('“photo.jpg” is not a JPEG, PNG or WebP photo. Please choose the photos again.'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Licence plate' })).toHaveValue('M-X 12E');
    await expect(page.getByLabel('Photos')).toHaveAttribute('aria-invalid', 'true');
  });

  flinkster(
    'the bike report and its web view lead to the damage report, the terminal is not found; the header links the damage report',
    async ({ page }) => {
      for (const [path, target] of [
        [pages.reportBike.de, pages.reportDamage.de],
        [pages.reportBikeWebView.en, pages.reportDamageWebView.en],
      ] as const) {
        expect((await page.goto(path))?.status(), path).toBe(200);
        expect(new URL(page.url()).pathname).toBe(target);
      }
      expect((await page.goto(terminalHome))?.status()).toBe(404);
      await page.goto(pages.home.de);
      await expect(
        page.getByRole('navigation', { name: /Haupt/ }).getByRole('link', { name: 'Schaden melden' }),
      ).toHaveAttribute('href', pages.reportDamage.de);
      await page.goto(pages.sitemap.de);
      await expect(page.getByRole('main').getByRole('link', { name: 'Schaden am Fahrzeug melden' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Rad melden' })).toHaveCount(0);
      const xml = await (await page.request.get('/sitemap.xml')).text();
      expect(xml).toContain(pages.reportDamage.en);
      expect(xml).not.toContain(pages.reportBike.de);
    },
  );
});

base('on cab the bike report stays, and the damage report’s addresses lead to it', async ({ page }) => {
  expect((await page.goto(pages.reportBike.de))?.status()).toBe(200);
  for (const [path, target] of [
    [pages.reportDamage.de, pages.reportBike.de],
    [pages.reportDamageWebView.en, pages.reportBikeWebView.en],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    // cab sends its report web view on to the site's report page (docs/rules/content-and-navigation.md#report-web-view-rewrite).
    expect([target, pages.reportBike.en]).toContain(new URL(page.url()).pathname);
  }
  // However the path is spelled, it is the same page: no form reaches the other brand's action.
  const shouted = pages.reportDamage.de.toUpperCase().replace('-', '%2D');
  expect((await page.request.post(shouted, { form: { plate: 'B-AB 1234' }, maxRedirects: 0 })).status()).toBe(404);
  await page.goto(shouted);
  expect(new URL(page.url()).pathname).toBe(pages.reportBike.de);

  const xml = await (await page.request.get('/sitemap.xml')).text();
  expect(xml).toContain(pages.reportBike.de);
  expect(xml).not.toContain(pages.reportDamage.de);
});

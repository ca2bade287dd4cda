import { pages } from '../../app/i18n/route-table';
import { expect, test } from './support/test';

/** Unknown routes and failed route validation (docs/rules/content-and-navigation.md#not-found). */
const german = { home: pages.home.de, back: 'Zurück zur Startseite', title: 'Seite nicht gefunden' };
const english = { home: pages.home.en, back: 'Back to home', title: 'Page not found' };
const cases = [
  { path: '/de/gibt-es-nicht', text: 'Page not found: /de/gibt-es-nicht', ...german },
  { path: '/en/does/not/exist', text: 'Page not found: /en/does/not/exist', ...english },
  // No valid locale in the path: the visitor's preferred one (the browser is set to German).
  { path: '/xx/foo', text: 'Page Not Found: /xx/foo', ...german },
  // The generic alias /{locale}/login validates its locale the same way.
  { path: '/xx/login', text: 'Page Not Found: /xx/login', ...german },
];

for (const { path, text, home, back, title } of cases) {
  test(`${path} answers 404 "${text}"`, async ({ page }) => {
    const response = await page.goto(path);

    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(`${title} – Call a Bike`);
    await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: back, exact: true })).toHaveAttribute('href', home);
  });
}

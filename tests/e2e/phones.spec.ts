import type { Locator, Page } from '@playwright/test';
import { pages } from '../../app/i18n/route-table';
import { expectNoViolations } from './support/accessibility';
import { demoCustomer, logInByRequest, newCustomer, registerByRequest } from './support/accounts';
import { expect, test, waitForHydration } from './support/test';

/**
 * What a phone shows (docs/decisions/0029-phones-and-dead-ends.md): every table keeps its amounts and
 * buttons inside the screen, the header is one row and the self-service navigation at most one, the
 * phone field's region select is not cut, and a long email address or German word stays inside its
 * card. At 320 px, the narrowest phone in use, and at 1280 px.
 */

// Logging in, several pages at two widths and accessibility scans: more than 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const narrow = { width: 320, height: 700 };
const wide = { width: 1280, height: 800 };
const widths = [narrow, wide];

/**
 * Every cell of a table's body that shows an amount or holds an action (button, link), and every
 * such button or link, lies fully inside the viewport horizontally; so does the page.
 */
async function expectTablesInsideTheScreen(page: Page, where: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const tables = page.getByRole('main').getByRole('table');
  expect(await tables.count(), `${where}: a table`).toBeGreaterThan(0);
  // The table keeps its semantics when its rows stack: headers for the columns, cells in rows.
  await expect(tables.first().getByRole('columnheader').first()).toBeAttached();
  await expect(tables.first().getByRole('cell').first()).toBeAttached();
  const { checked, outside } = await page.getByRole('main').evaluate((main) => {
    const viewport = document.documentElement.clientWidth;
    const cells = [...main.querySelectorAll('table tbody :is(td, th)')].filter(
      (cell) => /€/.test(cell.textContent ?? '') || cell.querySelector('button, a[href]'),
    );
    const outside = cells
      .flatMap((cell) => [cell, ...cell.querySelectorAll('button, a[href]')])
      .filter((box) => {
        const { left, right } = box.getBoundingClientRect();
        return left < 0 || right > viewport + 0.5;
      })
      .map((box) => `<${box.tagName.toLowerCase()}> ${(box.textContent ?? '').trim().slice(0, 40)}`);
    return { checked: cells.length, outside };
  });
  expect(checked, `${where}: cells with an amount or an action`).toBeGreaterThan(0);
  expect.soft(outside, `${where}: cells outside the screen at ${width} px`).toEqual([]);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(pageWidth, `${where}: the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
}

/** Boxes in one row: each one's vertical middle lies within every other's height. */
async function expectOneRow(boxes: Locator[], what: string): Promise<void> {
  const rects = await Promise.all(boxes.map(async (box) => (await box.boundingBox())!));
  for (const rect of rects) {
    const middle = rect.y + rect.height / 2;
    for (const other of rects) {
      expect(middle, `${what}: not one row`).toBeGreaterThanOrEqual(other.y);
      expect(middle, `${what}: not one row`).toBeLessThanOrEqual(other.y + other.height);
    }
  }
}

/** Nothing in the main content reaches beyond the right edge of the screen. */
async function expectNothingSpillsOut(page: Page, where: string): Promise<void> {
  const spilled = await page.getByRole('main').evaluate((main) => {
    const width = document.documentElement.clientWidth;
    return (
      [...main.querySelectorAll('*')]
        // The honeypot field is moved out of sight on purpose.
        .filter((element) => !element.closest('.visually-hidden'))
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 60)}`)
    );
  });
  expect(spilled, `${where}: beyond the right edge`).toEqual([]);
}

test.describe('tables', () => {
  for (const locale of ['de', 'en'] as const) {
    test(`the price list keeps its amounts on the screen (${locale})`, async ({ page }) => {
      await page.goto(pages.priceList[locale]);
      for (const viewport of widths) {
        await page.setViewportSize(viewport);
        await expectTablesInsideTheScreen(page, `price list (${locale})`);
      }
      // Stacked, each cell carries its column's header as a visible label.
      await page.setViewportSize(narrow);
      const cap = page.getByRole('main').getByRole('table').first().getByRole('cell').filter({ hasText: '€' }).first();
      await expect(cap).toHaveAttribute('data-label', /.+/);
      await expectNoViolations(page, `price list (${locale}) at 320 px`);
      await page.setViewportSize(wide);
    });
  }

  test('the balance history and the sessions keep amounts and sign-out buttons on the screen', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // A second session of the same customer, so that the sessions table has a sign-out button.
    const otherDevice = await playwright.request.newContext({ baseURL });
    await logInByRequest(otherDevice, demoCustomer);
    await logInByRequest(page.request, demoCustomer);
    try {
      for (const [path, what] of [
        [pages.credit.de, 'balance history'],
        [pages.credit.en, 'balance history (en)'],
        [pages.data.de, 'sessions'],
        [pages.data.en, 'sessions (en)'],
      ] as const) {
        await page.setViewportSize(wide);
        await page.goto(path);
        for (const viewport of widths) {
          await page.setViewportSize(viewport);
          await expectTablesInsideTheScreen(page, what);
        }
        await expectNoViolations(page, `${what} at 1280 px`);
      }
      await page.setViewportSize(narrow);
      await page.goto(pages.data.de);
      const signOut = page
        .getByRole('main')
        .getByRole('table')
        .getByRole('button', { name: /^Gerät „.+“ abmelden/ });
      await signOut.first().scrollIntoViewIfNeeded();
      await expect(signOut.first()).toBeInViewport({ ratio: 1 });
      await expectNoViolations(page, 'sessions at 320 px');
    } finally {
      await otherDevice.dispose();
    }
  });
});

test.describe('header and navigation', () => {
  test('the header is one row at 320 px; its menu opens there, and at 1280 px the navigation shows', async ({
    page,
  }) => {
    await page.setViewportSize(narrow);
    await page.goto(pages.home.de);
    const header = page.locator('.site-header__inner');
    const menu = header.getByText('Menü', { exact: true });
    const language = header.getByRole('link', { name: /English|Sprache/ });
    await expectOneRow([header.getByRole('link').first(), menu, language], 'header at 320 px');
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(navigation).toBeHidden();
    await menu.click();
    await expect(navigation.getByRole('link', { name: 'Preise' })).toBeInViewport();
    await expectNoViolations(page, 'the open menu at 320 px');
    await navigation.getByRole('link', { name: 'Preise' }).click();
    await expect(page).toHaveURL(pages.priceList.de);
    await expect(navigation).toBeHidden();

    await page.setViewportSize(wide);
    await expect(menu).toBeHidden();
    const links = await navigation.getByRole('link').all();
    expect(links.length).toBeGreaterThan(2);
    await expectOneRow([header.getByRole('link').first(), ...links, language], 'header at 1280 px');
  });

  test('the menu opens without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: narrow });
    const page = await context.newPage();
    await page.goto(pages.home.en);
    await page.getByText('Menu', { exact: true }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Prices' }).click();
    await expect(page).toHaveURL(pages.priceList.en);
    await context.close();
  });

  test('the self-service navigation is one row at 320 px, with the current section in view', async ({ page }) => {
    await logInByRequest(page.request, demoCustomer);
    await page.setViewportSize(narrow);
    for (const path of [pages.data.de, pages.data.en]) {
      await page.goto(path);
      await waitForHydration(page);
      const navigation = page.locator('.self-service__nav');
      await expectOneRow(await navigation.getByRole('listitem').all(), `self-service navigation at ${path}`);
      await expect(navigation.locator('[aria-current="page"]')).toBeInViewport({ ratio: 1 });
      await expectOneRow(
        [page.locator('.site-header__home'), page.locator('.site-menu__button'), page.locator('.locale-switch')],
        'header when logged in',
      );
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(narrow.width);
    }
  });
});

test.describe('forms and cards', () => {
  test('the phone region select keeps its whole name at 320 px', async ({ page }) => {
    await page.setViewportSize(narrow);
    for (const path of [pages.register.de, pages.register.en]) {
      await page.goto(path);
      const region = page.locator('.field__phone-region');
      const { shown, needed, right } = await region.evaluate((select: HTMLSelectElement) => {
        // The width the select takes when nothing limits it: that of its longest option.
        const free = select.cloneNode(true) as HTMLSelectElement;
        free.style.cssText = 'position:absolute;visibility:hidden;width:auto;max-width:none;flex:none';
        document.body.append(free);
        const needed = free.getBoundingClientRect().width;
        free.remove();
        const box = select.getBoundingClientRect();
        return { shown: box.width, needed, right: box.right };
      });
      expect(shown, `region select cut at ${path}`).toBeGreaterThanOrEqual(needed - 0.5);
      expect(right).toBeLessThanOrEqual(narrow.width);
      await expectNothingSpillsOut(page, path);
    }
  });

  test('a long email address and long German words stay inside their cards at 320 px', async ({ page }) => {
    const customer = {
      ...newCustomer(),
      email: `e2e-${Date.now()}-eine-wirklich-sehr-lange-adresse@kundenservice-abteilung.example.com`,
    };
    await registerByRequest(page.request, customer);
    await logInByRequest(page.request, customer);
    await page.setViewportSize(narrow);
    for (const path of [pages.data.de, pages.data.en, pages.contract.de, pages.selfService.de]) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expectNothingSpillsOut(page, path);
    }
    await page.goto(pages.data.de);
    await expect(page.getByRole('main').getByText(customer.email).first()).toBeVisible();
  });
});

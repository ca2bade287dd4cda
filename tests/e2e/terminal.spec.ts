import type { Locator, Page } from '@playwright/test';
import { terminalSettings } from '../../app/config/terminal';
import { terminalHome, terminalPaths } from '../../app/features/bike-reports/terminal-paths';
import { csrfTokenIn, newCustomer } from './support/accounts';
import { expectNoViolations } from './support/accessibility';
import { expect, test, waitForHydration } from './support/test';

/**
 * The station terminal (docs/rules/bike-reports.md#station-terminal): start screen, flows that stay in it,
 * idle timeout.
 */

async function expectTouchTargets(targets: Locator): Promise<void> {
  const count = await targets.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = await targets.nth(i).boundingBox();
    expect(box, `target ${i} is laid out`).not.toBeNull();
    expect(box!.height, `target ${i} is at least 48 px high`).toBeGreaterThanOrEqual(48);
  }
}

/** Every link on the page stays inside the terminal. */
async function expectNoLinkOutOfTheTerminal(page: Page): Promise<void> {
  const hrefs = await page
    .getByRole('main')
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const inside = [terminalHome, ...Object.values(terminalPaths).flatMap((paths) => Object.values(paths))];
  for (const href of hrefs) expect(inside, `${href} stays in the terminal`).toContain(href.split('?')[0]);
}

test('the start screen offers two big choices and the language; the flows have no links out', async ({ page }) => {
  await page.goto(terminalHome);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen bei Call a Bike');
  // No site header or footer; only the terminal's own copies of the cancellation and withdrawal links.
  await expect(page.locator('header')).toHaveCount(0);
  const declarations = page.getByRole('navigation', { name: 'Kündigung und Widerruf' }).getByRole('link');
  await expect(declarations).toHaveText(['Verträge hier kündigen', 'Vertrag widerrufen']);
  await expectTouchTargets(declarations);
  // No consent dialog: a shared kiosk keeps nobody's choice, and the dialog links out of the flow.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const choices = page.getByRole('list', { name: 'Auswahl' }).getByRole('link');
  await expect(choices).toHaveText([/Registrieren/, /Rad melden/]);
  await expectTouchTargets(choices);
  await expectTouchTargets(page.getByRole('navigation', { name: 'Sprache' }).getByRole('link'));
  await expectNoLinkOutOfTheTerminal(page);
  await expectNoViolations(page, 'the start screen');

  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(terminalPaths.en.start);
  await page.getByRole('link', { name: /Report a bike/ }).click();
  await expect(page).toHaveURL(terminalPaths.en.report);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report a bike');
  // Lost or stolen needs a login, which a shared terminal never has: not offered.
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Use my position' })).toHaveCount(0);
  // Buttons, links, text inputs and selects themselves; a radio together with its label.
  await expectTouchTargets(
    page
      .getByRole('main')
      .locator('a, button, input:not([type=hidden]):not([type=radio]):not([tabindex="-1"]), select, .choice__label'),
  );
  await expectNoLinkOutOfTheTerminal(page);

  await page.getByRole('link', { name: 'Cancel and go to start' }).click();
  await expect(page).toHaveURL(terminalHome);
  await page.goto(terminalPaths.de.register);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registrieren');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoLinkOutOfTheTerminal(page);
});

test('after 90 s without input the terminal warns, then returns to the start and forgets the form', async ({
  page,
}) => {
  const { idleTimeoutMs, warningMs } = terminalSettings;
  await page.clock.install();
  await page.goto(terminalPaths.de.report);
  await waitForHydration(page);
  const bikeNumber = page.getByRole('textbox', { name: 'Radnummer' });
  await bikeNumber.fill('12345');

  const warning = page.getByRole('alertdialog', { name: 'Bist du noch da?' });
  // The fake clock also moves on by itself while the test waits: the count is read, not predicted.
  const secondsShown = async () =>
    Number(/in (\d+) Sekunden zum Start zurück/.exec((await warning.textContent()) ?? '')?.[1]);
  await page.clock.runFor(idleTimeoutMs - warningMs - 1_000);
  await expect(warning).toHaveCount(0);
  await page.clock.runFor(2_000);
  await expect(warning).toBeVisible();
  const first = await secondsShown();
  expect(first).toBeLessThanOrEqual(warningMs / 1000);
  expect(first).toBeGreaterThan(warningMs / 1000 - 5);
  await expect(warning.getByRole('button', { name: 'Weitermachen' })).toBeFocused();
  await expectNoViolations(page, 'the report form with the warning');
  await page.clock.runFor(5_000);
  expect(await secondsShown()).toBeLessThanOrEqual(first - 5);

  // A tap keeps the visitor where they are, with what they typed.
  await warning.getByRole('button', { name: 'Weitermachen' }).click();
  await expect(warning).toHaveCount(0);
  await expect(bikeNumber).toHaveValue('12345');

  // Input counts too: typing just before the warning puts it off.
  await page.clock.runFor(idleTimeoutMs - warningMs - 1_000);
  await bikeNumber.press('End');
  await page.clock.runFor(idleTimeoutMs - warningMs - 1_000);
  await expect(warning).toHaveCount(0);

  await page.clock.runFor(warningMs + 2_000);
  await expect(page).toHaveURL(terminalHome);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen bei Call a Bike');
  await expect(warning).toHaveCount(0);

  await page.getByRole('link', { name: /Rad melden/ }).click();
  await expect(page).toHaveURL(terminalPaths.de.report);
  await expect(page.getByRole('textbox', { name: 'Radnummer' })).toHaveValue('');
});

test('registration at the terminal creates the account without logging anybody in there', async ({ request }) => {
  const customer = newCustomer();
  const form = await request.get(terminalPaths.de.register);
  expect(form.status()).toBe(200);
  const response = await request.post(terminalPaths.de.register, {
    form: {
      csrf: csrfTokenIn(await form.text()),
      salutation: 'ms',
      firstName: customer.firstName,
      lastName: customer.lastName,
      birthDate: customer.birthDate,
      'phone.regionCode': 'DE',
      'phone.phonenumber': customer.phone,
      'address.text': customer.address,
      email: customer.email,
      password: customer.password,
      tariffId: 'basis',
      acceptTerms: 'on',
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(`${terminalPaths.de.register}?done=1`);
  const cookies = response.headersArray().filter(({ name }) => name.toLowerCase() === 'set-cookie');
  expect(cookies.map(({ value }) => value).filter((value) => value.startsWith('sid='))).toEqual([]);
});

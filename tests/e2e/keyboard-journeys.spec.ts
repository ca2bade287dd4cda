import type { Page } from '@playwright/test';
import { pages } from '../../app/i18n/route-table';
import { demoCustomer, newCustomer } from './support/accounts';
import {
  expectFocusOnAnnouncedError,
  expectNoKeyboardTrap,
  expectSkipLinkToMain,
  pressTab,
  tabTo,
} from './support/keyboard';
import { expect, test, waitForHydration } from './support/test';

/**
 * Registration, login, the cancellation button and report-a-bike with the keyboard alone
 * (docs/decisions/0013-accessibility-gates.md). Each journey starts on a fresh page: the skip link comes
 * first and leads to the main content, Tab goes round the whole page and out of it (no trap), every focused
 * control shows it, a form sent with mistakes puts focus on the first one and announces it, and the
 * corrected form goes through. Long forms at 1280 px (the sticky header could cover focus there), the ones
 * people use on the street at 390 px (docs/decisions/0013-accessibility-gates.md).
 */

// Going round a page twice, each stop checked, takes a while on a busy machine.
test.describe.configure({ timeout: 60_000 });

const phone = { width: 390, height: 844 };

/**
 * Opens `path`, takes the skip link to the first control of the main content, and goes round the
 * page from there with Tab and with Shift+Tab, ending where it started.
 */
async function openWithKeyboard(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expectSkipLinkToMain(page);
  await expectNoKeyboardTrap(page);
  await expectNoKeyboardTrap(page, { backwards: true });
}

/** Types into the focused control, then Tab to the next one. */
async function typeAndTab(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await pressTab(page);
}

/** In the focused address combobox: types, waits for the suggestions, picks the first by arrow key. */
async function pickAddress(page: Page, typed: string, expected: string): Promise<void> {
  const address = page.locator(':focus');
  await expect(address).toHaveRole('combobox');
  await page.keyboard.type(typed);
  await expect(page.getByRole('listbox', { name: 'Adressvorschläge' }).getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(address).toHaveValue(expected);
  await expect(address).toHaveAttribute('aria-expanded', 'false');
}

test('registration with the keyboard alone', async ({ page }) => {
  const customer = newCustomer();
  await openWithKeyboard(page, pages.register.de);
  const main = page.getByRole('main');

  await test.step('sent empty: focus on the first field, its message announced', async () => {
    await tabTo(page, main.getByRole('button', { name: 'Kostenpflichtig registrieren' }), 60);
    await page.keyboard.press('Enter');
    await expect(main.getByRole('combobox', { name: 'Anrede' })).toBeFocused();
    await expectFocusOnAnnouncedError(page, /Bitte fülle dieses Feld aus\./);
  });

  await test.step('filled in field by field, in the order Tab goes', async () => {
    // A closed select takes the first letters of an option.
    await typeAndTab(page, 'Frau');
    await expect(main.getByRole('combobox', { name: 'Anrede' })).toHaveValue('ms');
    await typeAndTab(page, customer.firstName);
    await typeAndTab(page, customer.lastName);
    await typeAndTab(page, customer.birthDate.replaceAll('.', ''));
    // The region select keeps its default (Germany); on to the number.
    await pressTab(page);
    await typeAndTab(page, customer.phone);
    await pickAddress(page, 'Alexanderpl', 'Alexanderplatz 1 10178 Berlin');
    await tabTo(page, main.getByRole('textbox', { name: 'E-Mail-Adresse' }));
    await typeAndTab(page, customer.email);
    await page.keyboard.type(customer.password);
    // The show/hide button comes next, then the tariff; the first tariff is fine.
    await pressTab(page);
    await expect(main.getByRole('button', { name: 'Anzeigen' })).toBeFocused();
    await tabTo(page, main.getByRole('checkbox', { name: /Ich akzeptiere die AGB/ }));
    await page.keyboard.press('Space');
    await expect(main.getByRole('checkbox', { name: /Ich akzeptiere die AGB/ })).toBeChecked();
    await expect(main.locator('[aria-invalid="true"]')).toHaveCount(0);
  });

  await test.step('sent: the account exists', async () => {
    await tabTo(page, main.getByRole('button', { name: 'Kostenpflichtig registrieren' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${pages.register.de}?done=1`);
    await expect(main.getByRole('status')).toContainText('Fast geschafft!');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: phone });

  test('login with the keyboard alone', async ({ page }) => {
    await openWithKeyboard(page, pages.login.de);
    const main = page.getByRole('main');
    const email = main.getByRole('textbox', { name: 'E-Mail-Adresse' });
    const password = main.getByRole('textbox', { name: 'Passwort', exact: true });

    await test.step('sent empty: focus on the email address, its message announced', async () => {
      await tabTo(page, main.getByRole('button', { name: 'Anmelden' }));
      await page.keyboard.press('Enter');
      await expect(email).toBeFocused();
      await expectFocusOnAnnouncedError(page, /Bitte fülle dieses Feld aus\./);
    });

    await test.step('a wrong password: the refusal is an alert, focus stays on the password', async () => {
      await typeAndTab(page, demoCustomer.email);
      await expect(password).toBeFocused();
      await page.keyboard.type('not the password at all');
      await page.keyboard.press('Enter');
      await expect(main.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort stimmen nicht.');
      await expect(password).toBeFocused();
    });

    await test.step('the right password logs in', async () => {
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(demoCustomer.password);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(pages.selfService.de);
    });
  });

  test('report a bike with the keyboard alone', async ({ page }) => {
    await openWithKeyboard(page, pages.reportBike.de);
    const main = page.getByRole('main');
    const found = main.getByRole('radio', { name: 'Ich habe ein Rad gefunden' });

    await test.step('sent empty: focus on the kind of report, its message announced', async () => {
      await tabTo(page, main.getByRole('button', { name: 'Meldung absenden' }), 60);
      await page.keyboard.press('Enter');
      await expect(found).toBeFocused();
      await expectFocusOnAnnouncedError(page, /Bitte wähle aus, was du melden möchtest\./);
    });

    await test.step('filled in: the kind by Space, the address from the suggestions by arrow key', async () => {
      await page.keyboard.press('Space');
      await expect(found).toBeChecked();
      // Past the link to log in (for a lost bike) in the radios' hints.
      await tabTo(page, main.getByRole('textbox', { name: 'Radnummer' }));
      await page.keyboard.type('12345');
      await tabTo(page, main.getByRole('combobox', { name: 'Adresse in der Nähe' }));
      await pickAddress(page, 'Alexanderpl', 'Alexanderplatz 1 10178 Berlin');
      await tabTo(page, main.getByRole('textbox', { name: 'E-Mail-Adresse' }));
      await page.keyboard.type(`finder-${newCustomer().email}`);
    });

    await test.step('sent: the reference, with focus on the confirmation', async () => {
      await tabTo(page, main.getByRole('button', { name: 'Meldung absenden' }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Danke für deine Meldung!');
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    });
  });
});

test('the cancellation button with the keyboard alone', async ({ page }) => {
  const stranger = newCustomer();
  await openWithKeyboard(page, pages.cancelContract.de);
  const main = page.getByRole('main');
  const extraordinary = main.getByRole('radio', { name: 'Außerordentliche Kündigung (aus wichtigem Grund)' });
  const reason = main.getByRole('textbox', { name: 'Grund der außerordentlichen Kündigung' });

  await test.step('the kind by arrow keys: the reason is asked only for an extraordinary one', async () => {
    await tabTo(page, main.getByRole('radio', { name: 'Ordentliche Kündigung', exact: true }));
    await page.keyboard.press('ArrowDown');
    await expect(extraordinary).toBeChecked();
    await expect(reason).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await expect(reason).toBeHidden();
  });

  await test.step('sent empty: focus on the name, its message announced', async () => {
    await tabTo(page, main.getByRole('button', { name: 'jetzt kündigen' }));
    await page.keyboard.press('Enter');
    await expect(main.getByRole('textbox', { name: 'Vor- und Nachname' })).toBeFocused();
    await expectFocusOnAnnouncedError(page, /Bitte fülle dieses Feld aus\./);
  });

  await test.step('filled in and sent: the confirmation is announced', async () => {
    await typeAndTab(page, `${stranger.firstName} ${stranger.lastName}`);
    await typeAndTab(page, stranger.email);
    // The contract is preselected and the end date may stay empty (the earliest possible).
    await tabTo(page, main.getByRole('textbox', { name: 'E-Mail-Adresse für die Bestätigung' }));
    await typeAndTab(page, stranger.email);
    await expect(main.getByRole('button', { name: 'jetzt kündigen' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText('Deine Kündigung ist eingegangen');
    await expect(main.getByRole('status')).toContainText('Vielen Dank. Wir haben deine Kündigung erhalten');
  });
});

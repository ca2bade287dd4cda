import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { pages } from '../../app/i18n/route-table';
import { sessionCookieName } from '../../app/platform/cookies';
import { linkInMail, newCustomer, readMail, registerByRequest, type NewCustomer } from './support/accounts';
import { expectNoViolations } from './support/accessibility';
import { startAppServer } from '../support/app-server';
import { expect, test as base, waitForHydration, type AppUnderTest } from './support/test';

/**
 * Personal data (docs/rules/personal-data.md). These tests change customers' email addresses, numbers and
 * passwords, so each worker gets a server of its own, and every test a freshly registered customer.
 */
const test = base.extend<object, { app: AppUnderTest }>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, provide) => {
      const server = await startAppServer();
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

const main = (page: Page) => page.getByRole('main');
const status = (page: Page) => main(page).getByRole('status');

/** A new customer, registered over HTTP; the page's browser context is logged in as them. */
async function registeredCustomer(page: Page): Promise<NewCustomer> {
  const customer = newCustomer();
  await registerByRequest(page.request, customer);
  return customer;
}

/**
 * A second browser (another device) logged in as `customer`. It starts with the first browser's
 * cookies but its session (the consent choice among them, so no dialog covers the page).
 */
async function secondDevice(
  first: Page,
  browser: Browser,
  baseURL: string,
  customer: NewCustomer,
  javaScriptEnabled: boolean,
) {
  const { cookies } = await first.context().storageState();
  const context = await browser.newContext({
    baseURL,
    locale: 'de-DE',
    javaScriptEnabled,
    storageState: { cookies: cookies.filter((cookie) => cookie.name !== sessionCookieName), origins: [] },
  });
  const other = await context.newPage();
  await other.goto(pages.login.de);
  await logIn(other, customer.email, customer.password);
  await expect(other).toHaveURL(pages.selfService.de);
  return { context, page: other };
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Anmelden' }).click();
}

/** The 6-digit code of the newest SMS to `e164`, from the development mailbox page. */
async function readSmsCode(page: Page, e164: string): Promise<string> {
  await page.goto('/dev/mailbox');
  const sms = page.getByRole('list', { name: 'SMS' }).getByRole('listitem').filter({ hasText: e164 }).first();
  await expect(sms).toBeVisible();
  const code = /\b(\d{6})\b/.exec(await sms.locator('pre').innerText())?.[1];
  expect(code, 'the SMS carries a 6-digit code').toBeTruthy();
  return code!;
}

const dataRow = (page: Page, term: string) =>
  main(page)
    .locator('.data-list > div')
    .filter({ has: page.getByRole('term').filter({ hasText: term }) });

test.describe('with JavaScript', () => {
  test('a customer changes the email address: link to the new address, notice to the old one, change only once confirmed', async ({
    page,
    baseURL,
  }) => {
    const customer = await registeredCustomer(page);
    const newEmail = customer.email.replace('e2e-', 'e2e-new-');

    await test.step('ask for the change', async () => {
      await page.goto(pages.data.de);
      await waitForHydration(page);
      await expect(dataRow(page, 'E-Mail-Adresse')).toContainText(customer.email);
      await main(page).getByRole('link', { name: 'E-Mail-Adresse ändern' }).click();
      await expect(page).toHaveURL(pages.updateEmail.de);
      // Logged in a moment ago: no password confirmation needed.
      await expect(page.getByLabel('Aktuelles Passwort')).toHaveCount(0);

      const field = page.getByRole('textbox', { name: 'Neue E-Mail-Adresse' });
      await field.fill('not an address');
      await field.blur();
      await expect(main(page).getByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeVisible();
      await field.fill(newEmail);
      await page.getByRole('button', { name: 'Bestätigungslink senden' }).click();

      await expect(page).toHaveURL(`${pages.data.de}?done=email-requested`);
      await expect(status(page)).toContainText('Wir haben einen Bestätigungslink an die neue Adresse geschickt');
      // Not changed yet: the old address stays until the link is confirmed.
      await expect(dataRow(page, 'E-Mail-Adresse')).toContainText(customer.email);
      await expect(dataRow(page, 'E-Mail-Adresse')).toContainText(`Die neue Adresse ${newEmail} wartet`);
    });

    await test.step('the old address gets a notice', async () => {
      const notice = await readMail(page, customer.email, /soll geändert werden$/);
      expect(notice).toContain('Die Änderung gilt erst, wenn sie über den Link an die neue Adresse bestätigt wird.');
      expect(notice).not.toContain('token=');
    });

    await test.step('confirm with the link from the mail to the new address', async () => {
      const mail = await readMail(page, newEmail, /^Bestätige deine neue E-Mail-Adresse/);
      const link = linkInMail(mail, 'Neue E-Mail-Adresse bestätigen', baseURL!, '/de/email-aenderung-bestaetigen');
      await page.goto(link);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neue E-Mail-Adresse bestätigen');
      await main(page).getByRole('button', { name: 'Neue E-Mail-Adresse bestätigen' }).click();
      await expect(status(page)).toContainText(`Deine E-Mail-Adresse ist jetzt ${newEmail}.`);

      await main(page).getByRole('link', { name: 'Zu meinen Daten' }).click();
      await expect(page).toHaveURL(pages.data.de);
      await expect(dataRow(page, 'E-Mail-Adresse')).toContainText(newEmail);
      await expect(dataRow(page, 'E-Mail-Adresse')).toContainText('bestätigt');

      // The link works once.
      await page.goto(link);
      await expect(main(page).getByRole('alert')).toContainText('Dieser Bestätigungslink wurde bereits verwendet.');
    });
  });

  test('a customer changes the mobile number with the code from the SMS', async ({ page }) => {
    await registeredCustomer(page);
    await page.goto(pages.data.de);
    await main(page).getByRole('link', { name: 'Mobilfunknummer ändern' }).click();
    await expect(page).toHaveURL(pages.updatePhone.de);
    await waitForHydration(page);

    const phone = page.getByRole('group', { name: 'Neue Mobilfunknummer' });
    const number = phone.getByRole('textbox', { name: 'Neue Mobilfunknummer' });
    await number.fill('030 1234567');
    await number.blur();
    await expect(phone).toContainText('Bitte gib eine gültige Mobilfunknummer ein.');
    await number.fill('0171 2345678');
    await page.getByRole('button', { name: 'Code per SMS senden' }).click();
    await expect(status(page)).toContainText('Wir haben einen Code per SMS an +49 171 2345678 geschickt.');

    const code = await readSmsCode(page, '+491712345678');
    await page.goto(pages.updatePhone.de);
    await waitForHydration(page);
    const codeField = page.getByRole('textbox', { name: 'Code aus der SMS' });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeField.fill(wrong);
    await page.getByRole('button', { name: 'Nummer bestätigen' }).click();
    await expect(main(page)).toContainText('Der Code stimmt nicht. Du hast noch 4 Versuche.');
    await expect(codeField).toHaveValue(wrong);

    await codeField.fill(code);
    await page.getByRole('button', { name: 'Nummer bestätigen' }).click();
    await expect(page).toHaveURL(`${pages.data.de}?done=phone-changed`);
    await expect(status(page)).toHaveText('Deine Mobilfunknummer ist geändert.');
    await expect(dataRow(page, 'Mobilfunknummer')).toContainText('+49 171 2345678');
  });

  test('a customer ends the session of another device', async ({ page, browser, baseURL, javaScriptEnabled }) => {
    const customer = await registeredCustomer(page);
    const other = await secondDevice(page, browser, baseURL!, customer, javaScriptEnabled !== false);
    try {
      await page.goto(pages.data.de);
      await waitForHydration(page);
      const table = main(page).getByRole('table', { name: 'Deine aktiven Anmeldungen' });
      await expect(table.getByRole('row')).toHaveCount(3);
      await expect(table.getByRole('row').nth(1)).toContainText('Dieses Gerät');
      await table.getByRole('button', { name: /^Gerät „.+“ abmelden/ }).click();
      await expect(status(page)).toHaveText('Das Gerät wurde abgemeldet.');
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(main(page).getByText('Du bist nur auf diesem Gerät angemeldet.')).toBeVisible();

      await other.page.goto(pages.data.de);
      await expect(other.page).toHaveURL(`${pages.login.de}?redirectTo=${encodeURIComponent(pages.data.de)}`);
    } finally {
      await other.context.close();
    }
  });

  test('the data page has no accessibility violations, shows why the account cannot be deleted yet, and downloads the data', async ({
    page,
  }) => {
    const customer = await registeredCustomer(page);
    await page.goto(pages.data.de);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Daten');
    await expectNoViolations(page, 'the data page');

    const deletion = main(page).getByRole('region', { name: 'Konto löschen' });
    await expect(deletion).toContainText('Wir können dein Konto noch nicht löschen:');
    await expect(deletion).toContainText('Dein Vertrag läuft noch. Bitte kündige ihn zuerst.');
    await expect(deletion.getByRole('button', { name: 'Löschung beantragen' })).toHaveCount(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main(page).getByRole('link', { name: 'Alle meine Daten herunterladen (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d+-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path())!, 'utf8');
    const exported = JSON.parse(text) as { customer: { email: string }; sessions: unknown[] };
    expect(exported.customer.email).toBe(customer.email);
    expect(exported.sessions).toHaveLength(1);
    expect(text).not.toMatch(/hash|argon2/i);
  });

  test('the embedded data page shows no header or footer, and its links stay embedded', async ({ page }) => {
    await registeredCustomer(page);
    await page.goto(pages.dataEmbedded.de);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Daten');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    // The one navigation: the cancellation and withdrawal links, to the web views' own copies.
    await expect(page.getByRole('navigation')).toHaveAccessibleName('Kündigung und Widerruf');

    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      expect(href).toMatch(/^\/de\/embedded-kundenbereich\/|^\/resources\/|^\/webviews\/de\/(kuendigen|widerrufen)$/);
    }

    await main(page).getByRole('link', { name: 'Passwort ändern' }).click();
    await expect(page).toHaveURL(pages.updatePasswordEmbedded.de);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await main(page).getByRole('link', { name: 'Zurück zu meinen Daten' }).click();
    await expect(page).toHaveURL(pages.dataEmbedded.de);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a customer changes the password; other devices are signed out, this one stays', async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const customer = await registeredCustomer(page);
    const newPassword = 'Im Herbst fahre ich lieber mit der Bahn';
    const other = await secondDevice(page, browser, baseURL!, customer, javaScriptEnabled !== false);
    try {
      await page.goto(pages.data.de);
      await main(page).getByRole('link', { name: 'Passwort ändern' }).click();
      await expect(page).toHaveURL(pages.updatePassword.de);

      // The server answers every problem next to its field and never sends a password back.
      await page.getByRole('textbox', { name: 'Aktuelles Passwort', exact: true }).fill('not my password at all');
      await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Passwort ändern' }).click();
      await expect(main(page)).toContainText('Das aktuelle Passwort stimmt nicht.');
      await expect(page.getByRole('textbox', { name: 'Aktuelles Passwort', exact: true })).toHaveValue('');
      await expect(page.getByRole('textbox', { name: 'Neues Passwort', exact: true })).toHaveValue('');

      await page.getByRole('textbox', { name: 'Aktuelles Passwort', exact: true }).fill(customer.password);
      await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('zu kurz');
      await page.getByRole('button', { name: 'Passwort ändern' }).click();
      await expect(main(page)).toContainText('Das Passwort muss mindestens 12 Zeichen lang sein.');

      await page.getByRole('textbox', { name: 'Aktuelles Passwort', exact: true }).fill(customer.password);
      await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Passwort ändern' }).click();
      await expect(page).toHaveURL(`${pages.data.de}?done=password-changed`);
      await expect(status(page)).toHaveText(
        'Dein Passwort ist geändert. Auf allen anderen Geräten wurdest du abgemeldet.',
      );
      await expect(main(page).getByText('Du bist nur auf diesem Gerät angemeldet.')).toBeVisible();

      // The other device is logged out; it logs in with the new password only.
      await other.page.goto(pages.data.de);
      await expect(other.page).toHaveURL(`${pages.login.de}?redirectTo=${encodeURIComponent(pages.data.de)}`);
      await logIn(other.page, customer.email, customer.password);
      await expect(other.page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort stimmen nicht.');
      await logIn(other.page, customer.email, newPassword);
      await expect(other.page).toHaveURL(pages.data.de);
    } finally {
      await other.context.close();
    }
  });

  test('a customer changes the mobile number without JavaScript', async ({ page }) => {
    await registeredCustomer(page);
    await page.goto(pages.updatePhone.de);
    const number = page.getByRole('textbox', { name: 'Neue Mobilfunknummer' });
    await number.fill('030 1234567');
    await page.getByRole('button', { name: 'Code per SMS senden' }).click();
    await expect(main(page)).toContainText('Bitte gib eine gültige Mobilfunknummer ein.');
    // The typed number is kept for correcting it.
    await expect(number).toHaveValue('030 1234567');
    await number.fill('0170 1234567');
    await page.getByRole('button', { name: 'Code per SMS senden' }).click();
    await expect(status(page)).toContainText('+49 170 1234567');

    const code = await readSmsCode(page, '+491701234567');
    await page.goto(pages.updatePhone.de);
    await page.getByRole('textbox', { name: 'Code aus der SMS' }).fill(code);
    await page.getByRole('button', { name: 'Nummer bestätigen' }).click();
    await expect(page).toHaveURL(`${pages.data.de}?done=phone-changed`);
    await expect(dataRow(page, 'Mobilfunknummer')).toContainText('+49 170 1234567');
  });
});

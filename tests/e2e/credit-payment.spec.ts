import type { Page } from '@playwright/test';
import { pages } from '../../app/i18n/route-table';
import { demoCustomer } from './support/accounts';
import { expectNoViolations } from './support/accessibility';
import { startAppServer } from '../support/app-server';
import { expect, test as base, waitForHydration, type AppUnderTest } from './support/test';

/**
 * The credit balance with vouchers, and the payment method with SEPA and the bank verification widget
 * (docs/rules/credit-and-payment.md). Redeeming the demo voucher and changing the demo customer's payment
 * method change shared demo data, so these tests run against a server of their own.
 */
const ownServer = base.extend<object, { app: AppUnderTest }>({
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
const test = ownServer;
// Logging in, an accessibility scan and a bank verification per test: more than the default 30 s
// on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The demo data's voucher, documented in the README. */
const demoVoucher = 'SOMM-ER26-RADL';
/** A valid IBAN that the sandbox verifier refuses (it ends in 0000). */
const unverifiableIban = 'DE94 3704 0044 0532 0100 00';
const newIban = 'DE44 5001 0517 5407 3249 31';

async function logInAsDemo(page: Page, target: string): Promise<void> {
  await page.goto(`${pages.login.de}?${new URLSearchParams({ redirectTo: target })}`);
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(demoCustomer.email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(demoCustomer.password);
  await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(target);
}

test('a customer redeems a voucher and gets a clear message for a used or expired one', async ({
  page,
  browserErrors,
}) => {
  await logInAsDemo(page, pages.credit.de);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guthaben');
  const balance = page.locator('.credit__amount');
  const before = await balance.innerText();
  await expectNoViolations(page, 'the credit page');

  // The top-up's summary right before its button follows the amount chosen, and describes the button
  // (docs/rules/credit-and-payment.md#top-ups).
  const topUp = page.getByRole('region', { name: 'Guthaben aufladen' });
  const summary = topUp.getByRole('region', { name: 'Deine Aufladung' });
  await expect(summary.getByRole('definition')).toHaveText([
    /^20,00\s€$/,
    'einmalig, kein Abonnement; der Betrag wird deinem Guthaben gutgeschrieben',
    /^SEPA-Lastschrift, DE•• •••• •••• •••• •••• 3000$/,
  ]);
  await topUp.getByRole('radio', { name: /^50,00/ }).check();
  await expect(summary.getByRole('definition').first()).toHaveText(/^50,00\s€$/);
  await expect(topUp.getByRole('button', { name: 'Zahlungspflichtig aufladen' })).toHaveAccessibleDescription(
    /50,00\s€.*einmalig.*SEPA-Lastschrift/,
  );

  // Typed in lower case without dashes: the mask adds them, the server normalises.
  const code = page.getByRole('textbox', { name: 'Gutscheincode' });
  await code.pressSequentially(demoVoucher.replace(/-/g, '').toLowerCase());
  await expect(code).toHaveValue(demoVoucher.toLowerCase());
  await page.getByRole('button', { name: 'Gutschein einlösen' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'eingelöst' })).toHaveText(
    `Gutschein ${demoVoucher} eingelöst: 10,00 € wurden deinem Guthaben gutgeschrieben.`,
  );
  const euros = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));
  expect(euros(await balance.innerText())).toBe(euros(before) + 10);
  const newest = page.getByRole('table').getByRole('row').nth(1);
  await expect(newest).toContainText('Gutschein');
  await expect(newest).toContainText(demoVoucher);
  await expect(newest).toContainText('+10,00 €');

  // The same code again, and an expired one: each its own message next to the field.
  await code.fill(demoVoucher);
  await page.getByRole('button', { name: 'Gutschein einlösen' }).click();
  await expect(code).toHaveAccessibleDescription(/Dieser Gutschein wurde bereits eingelöst\./);
  await code.fill('ALTE-RGUT-2024');
  await page.getByRole('button', { name: 'Gutschein einlösen' }).click();
  await expect(code).toHaveAccessibleDescription(/Dieser Gutschein ist abgelaufen/);
  expect(euros(await balance.innerText())).toBe(euros(before) + 10);

  // The ledger as a CSV download for Excel.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Alle Buchungen als CSV-Datei herunterladen' }).click();
  expect((await download).suggestedFilename()).toMatch(/^guthaben-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(browserErrors).toEqual([]);
});

test('a customer changes the payment method to SEPA through the bank verification widget', async ({
  page,
  browserErrors,
}) => {
  await logInAsDemo(page, pages.paymentUpdate.de);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlungsmittel ändern');
  // Record what the widget's global end callback dispatches.
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { sepaEvents: unknown[] }).sepaEvents = seen;
    window.addEventListener('sepa-verify-complete', (event) => seen.push((event as CustomEvent).detail));
  });
  const sepaEvents = () => page.evaluate(() => (window as unknown as { sepaEvents: unknown[] }).sepaEvents);
  await expect(page.getByText('Gläubiger-Identifikationsnummer: DE98ZZZ09999999999')).toBeVisible();
  await expect(page.getByText(/innerhalb von acht Wochen/)).toBeVisible();
  await expectNoViolations(page, 'the SEPA form');

  const iban = page.getByRole('textbox', { name: 'IBAN' });
  // A typo in the IBAN is caught at once, next to the field.
  await iban.fill('DE89 3704 0044 0532 0130 01');
  await iban.blur();
  await expect(iban).toHaveAccessibleDescription(/Die Prüfziffer dieser IBAN stimmt nicht/);

  // An account the verifier refuses: the widget runs, the old method stays.
  await iban.fill(unverifiableIban);
  await page.getByRole('checkbox', { name: 'Ich erteile das SEPA-Lastschriftmandat.' }).check();
  await page.getByRole('button', { name: 'Bankverbindung prüfen und speichern' }).click();
  await expect(iban).toHaveAccessibleDescription(/Wir konnten dieses Konto nicht bestätigen/);
  expect(await sepaEvents()).toEqual([{ status: 'failed', token: expect.any(String) }]);
  await expect(page.getByText('Bisher: DE•• •••• •••• •••• •••• 3000')).toBeVisible();

  await iban.fill(newIban);
  await page.getByRole('checkbox', { name: 'Ich erteile das SEPA-Lastschriftmandat.' }).check();
  await page.getByRole('button', { name: 'Bankverbindung prüfen und speichern' }).click();
  await expect(page).toHaveURL(`${pages.payment.de}?changed=1`);
  await expect(page.getByRole('status')).toHaveText(/Dein neues Zahlungsmittel ist gespeichert/);
  const events = await sepaEvents();
  expect(events).toHaveLength(2);
  expect(events[1]).toEqual({ status: 'verified', token: expect.any(String) });

  // Only the last four digits come back; the old method is kept as history.
  const main = page.getByRole('main');
  await expect(main.getByText('DE•• •••• •••• •••• •••• 4931')).toBeVisible();
  await expect(main).not.toContainText('5407 3249');
  await expect(main).not.toContainText('5407324931');
  await expect(page.getByRole('heading', { name: 'Frühere Zahlungsmittel' })).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: '3000' })).toBeVisible();
  expect(browserErrors).toEqual([]);
});

test('without JavaScript the server verifies the account itself on submit', async ({ browser, app }) => {
  const context = await browser.newContext({ baseURL: app.url, locale: 'de-DE', javaScriptEnabled: false });
  const page = await context.newPage();
  await logInAsDemo(page, pages.paymentUpdate.de);
  const iban = page.getByRole('textbox', { name: 'IBAN' });
  await iban.fill(unverifiableIban);
  await page.getByRole('checkbox', { name: 'Ich erteile das SEPA-Lastschriftmandat.' }).check();
  await page.getByRole('button', { name: 'Bankverbindung prüfen und speichern' }).click();
  await expect(page.locator('#sepa-iban-error')).toHaveText(/Wir konnten dieses Konto nicht bestätigen/);
  // What was typed stays.
  await expect(iban).toHaveValue(unverifiableIban);
  await context.close();
});

test('the embedded payment page shows no header or footer links and stays embedded', async ({ page }) => {
  await logInAsDemo(page, pages.paymentEmbedded.de);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlungsmittel');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  // The one navigation: the cancellation and withdrawal links every page offers, to the web views' own copies.
  await expect(page.getByRole('navigation')).toHaveAccessibleName('Kündigung und Widerruf');
  await expect(page.getByRole('link', { name: 'Verträge hier kündigen' })).toHaveAttribute(
    'href',
    pages.cancelContractEmbedded.de,
  );
  await expect(page.getByRole('link', { name: 'Vertrag widerrufen' })).toHaveAttribute(
    'href',
    pages.withdrawContractEmbedded.de,
  );
  // Every link of the page itself stays inside the embedded area.
  const hrefs = await page
    .getByRole('main')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toEqual([pages.paymentUpdateEmbedded.de]);
  await page.getByRole('link', { name: 'Zahlungsmittel ändern' }).click();
  await expect(page).toHaveURL(pages.paymentUpdateEmbedded.de);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Zurück zum Zahlungsmittel' })).toHaveAttribute(
    'href',
    pages.paymentEmbedded.de,
  );
});

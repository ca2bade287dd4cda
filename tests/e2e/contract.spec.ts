import type { Page } from '@playwright/test';
import { addDays, lastDayOfMonth, termEnd } from '../../app/features/contract/calendar';
import { pages } from '../../app/i18n/route-table';
import { formatDate } from '../../app/i18n/intl-formats';
import { berlinDate } from '../../app/platform/berlin-date';
import { demoCustomer, newCustomer, readMail, registerByRequest } from './support/accounts';
import { expectNoViolations } from './support/accessibility';
import { startAppServer } from '../support/app-server';
import { expect, test, waitForHydration, type AppUnderTest } from './support/test';

/** Contract, cancellation button, tariff and tariff change (docs/rules/contract-and-cancellation.md). */

const today = () => berlinDate();
const german = (date: string) => formatDate(date, 'de');

/** The confirmation's value for a label, read from its description list. */
function confirmationValue(page: Page, label: string) {
  return page
    .locator('.cancel-confirmation .summary-list__row')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition');
}

test.describe('the cancellation button, logged out', () => {
  test('the page has no accessibility violations', async ({ page }) => {
    await page.goto(pages.cancelContract.de);
    await waitForHydration(page);
    await expectNoViolations(page, 'the cancellation button');
  });

  test('a customer cancels from the footer link without logging in, sees the confirmation and gets it by mail', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // A fresh customer on the basis tariff: cancelling changes no contract another test relies on.
    const customer = newCustomer();
    await registerByRequest(page.request, customer);
    // Logged out again; other cookies (the consent choice) stay.
    await page.context().clearCookies({ name: 'sid' });
    const endOfMonth = german(lastDayOfMonth(today()));

    await page.goto(pages.home.de);
    await page.getByRole('link', { name: 'Verträge hier kündigen' }).click();
    await expect(page).toHaveURL(pages.cancelContract.de);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verträge kündigen');
    await waitForHydration(page);

    // The reason is asked only for an extraordinary cancellation, and is required then.
    const reason = page.getByRole('textbox', { name: 'Grund der außerordentlichen Kündigung' });
    await expect(reason).toBeHidden();
    await page.getByRole('radio', { name: 'Außerordentliche Kündigung (aus wichtigem Grund)' }).check();
    await expect(reason).toBeVisible();
    await page.getByRole('textbox', { name: 'Vor- und Nachname' }).fill(`${customer.firstName} ${customer.lastName}`);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse oder Kundennummer' }).fill(customer.email);
    await expect(page.getByRole('combobox', { name: 'Welcher Vertrag?' })).toHaveValue('cab');
    await page.getByRole('textbox', { name: 'E-Mail-Adresse für die Bestätigung' }).fill(customer.email);
    await page.getByRole('button', { name: 'jetzt kündigen' }).click();
    await expect(page.getByText('Bitte gib den Grund für die außerordentliche Kündigung an.')).toBeVisible();
    await page.getByRole('radio', { name: 'Ordentliche Kündigung', exact: true }).check();
    await expect(reason).toBeHidden();
    await page.getByRole('button', { name: 'jetzt kündigen' }).click();

    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      'Deine Kündigung ist eingegangen',
    );
    await expect(page.getByRole('status')).toHaveText(
      `Vielen Dank. Wir haben deine Kündigung erhalten und eine Bestätigung an ${customer.email} geschickt.`,
    );
    await expect(confirmationValue(page, 'Art der Kündigung')).toHaveText('Ordentliche Kündigung');
    await expect(confirmationValue(page, 'Gewünschtes Vertragsende')).toHaveText('zum frühestmöglichen Termin');
    // The public page never tells whether the details matched an account: the end date goes to its address.
    await expect(confirmationValue(page, 'Vertragsende')).toHaveText(
      'Das Vertragsende schicken wir an die E-Mail-Adresse des Kundenkontos, zu dem deine Angaben gehören. Können wir sie keinem Vertrag zuordnen, melden wir uns unter der Adresse für die Bestätigung bei dir.',
    );
    await expect(confirmationValue(page, 'Eingegangen am')).toContainText(german(today()));
    const reference = (await confirmationValue(page, 'Referenz').innerText()).trim();
    expect(reference).toMatch(/^K-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // The confirmation has its own address, with the reference, its issue time and a signature and
    // nothing personal; a reload shows it again and sends nothing twice.
    const address = new URL(page.url());
    expect(address.pathname).toBe(pages.cancelContract.de);
    expect([...address.searchParams.keys()]).toEqual(['reference', 'issued', 'signature']);
    expect(address.searchParams.get('reference')).toBe(reference);
    await page.reload();
    await expect(confirmationValue(page, 'Referenz')).toHaveText(reference);

    // It can be printed or saved as PDF; the print style sheet leaves out everything but the confirmation.
    await expect(page.getByRole('button', { name: 'Bestätigung drucken oder als PDF speichern' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Bestätigung drucken oder als PDF speichern' })).toBeHidden();
    await expect(confirmationValue(page, 'Referenz')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    const mail = await readMail(
      page,
      customer.email,
      new RegExp(`^Eingangsbestätigung deiner Kündigung \\(${reference}\\)`),
    );
    expect(mail).toContain(`Hallo ${customer.firstName} ${customer.lastName},`);
    expect(mail).toContain(`Referenz: ${reference}`);
    expect(mail).not.toContain(endOfMonth);
    await expect(mailsTo(page, customer.email, 'Eingangsbestätigung deiner Kündigung')).toHaveCount(1);
    const notice = await readMail(page, customer.email, /^Zu deinem Vertrag ist eine Kündigung eingegangen/);
    expect(notice).toContain(`Dein Vertrag endet mit Ablauf des ${endOfMonth}.`);
  });
});

/** The mails to `to` in the development mailbox whose subject starts with `subject`. */
function mailsTo(page: Page, to: string, subject: string) {
  return page
    .getByRole('listitem')
    .filter({ hasText: `To: ${to}` })
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${subject}`) }) });
}

test.describe('the cancellation button without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a declaration that matches no account is confirmed all the same, its end date to follow', async ({ page }) => {
    const stranger = newCustomer();
    await page.goto(pages.cancelContract.en);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cancel contracts');
    await page.getByRole('textbox', { name: 'First and last name' }).fill('Nobody Known');
    await page.getByRole('textbox', { name: 'Email address or customer number' }).fill(stranger.email);
    await page.getByRole('textbox', { name: 'Email address for the confirmation' }).fill(stranger.email);
    await page.getByRole('button', { name: 'cancel now' }).click();

    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      'Your cancellation has been received',
    );
    await expect(confirmationValue(page, 'End of contract')).toHaveText(
      'We send the end date to the email address of the customer account your details belong to. If we cannot assign them to a contract, we will contact you at the confirmation address.',
    );
    const mail = await readMail(page, stranger.email, /^Confirmation of receipt of your cancellation/);
    expect(mail).toContain('Hello Nobody Known,');
  });

  test('sending the same declaration again (back and send, a double click) confirms the first one and mails once', async ({
    page,
  }) => {
    const stranger = newCustomer();
    await page.goto(pages.cancelContract.en);
    await page.getByRole('textbox', { name: 'First and last name' }).fill('Nobody Known');
    await page.getByRole('textbox', { name: 'Email address or customer number' }).fill(stranger.email);
    await page.getByRole('textbox', { name: 'Email address for the confirmation' }).fill(stranger.email);
    await page.getByRole('button', { name: 'cancel now' }).click();
    const reference = (await confirmationValue(page, 'Reference').innerText()).trim();

    await page.goBack();
    await expect(page).toHaveURL(pages.cancelContract.en);
    await page.getByRole('textbox', { name: 'First and last name' }).fill('Nobody Known');
    await page.getByRole('textbox', { name: 'Email address or customer number' }).fill(stranger.email);
    await page.getByRole('textbox', { name: 'Email address for the confirmation' }).fill(stranger.email);
    await page.getByRole('button', { name: 'cancel now' }).click();

    // The first declaration's confirmation address, given out anew (its issue time is the repeat's).
    await expect(page).toHaveURL((url) => url.searchParams.get('reference') === reference);
    await expect(confirmationValue(page, 'Reference')).toHaveText(reference);
    await page.goto('/dev/mailbox');
    await expect(mailsTo(page, stranger.email, 'Confirmation of receipt of your cancellation')).toHaveCount(1);
  });

  test('a wrong entry is answered next to its field, keeping what was typed', async ({ page }) => {
    await page.goto(pages.cancelContract.de);
    await page.getByRole('textbox', { name: 'Vor- und Nachname' }).fill('Erika Mustermann');
    await page.getByRole('textbox', { name: 'E-Mail-Adresse oder Kundennummer' }).fill('keine Angabe');
    await page.getByRole('textbox', { name: 'Gewünschtes Vertragsende' }).fill('01.01.2000');
    await page.getByRole('button', { name: 'jetzt kündigen' }).click();

    await expect(page.getByText('Bitte gib die E-Mail-Adresse deines Kontos oder deine Kundennummer')).toBeVisible();
    await expect(page.getByText('Das Vertragsende kann nicht in der Vergangenheit liegen.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Vor- und Nachname' })).toHaveValue('Erika Mustermann');
    await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse oder Kundennummer' })).toHaveValue('keine Angabe');
  });
});

/**
 * The demo customer's contract changes here (tariff, cancellation), so these tests run against a server
 * of their own, with a fresh database of their own.
 */
const ownServer = test.extend<object, { app: AppUnderTest }>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, provide) => {
      const server = await startAppServer();
      await provide(server);
      await server.stop();
    },
    // Starting may wait for a build another run holds the lock for.
    { scope: 'worker', timeout: 400_000 },
  ],
});

async function logInAsDemo(page: Page, target: string): Promise<void> {
  await page.goto(target);
  await expect(page).toHaveURL(`${pages.login.de}?redirectTo=${encodeURIComponent(target)}`);
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(demoCustomer.email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(demoCustomer.password);
  await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(target);
}

ownServer.describe('the demo customer', () => {
  // One server, one worker: the second test starts from the contract the first one left.
  ownServer.describe.configure({ mode: 'serial' });

  ownServer(
    'changes the tariff: a downgrade waits and can be withdrawn, an upgrade applies at once',
    async ({ page }) => {
      ownServer.setTimeout(120_000);
      const firstOfNextMonth = german(addDays(lastDayOfMonth(today()), 1));
      await logInAsDemo(page, pages.tariff.de);
      await waitForHydration(page);
      const current = page.getByRole('region', { name: 'Dein Tarif' });
      await expect(current).toContainText('Komfort Monat');
      await expect(page.getByRole('table', { name: 'Alle Tarife (Beispielpreise)' }).getByRole('row')).toHaveCount(4);

      await ownServer.step('a downgrade to basis waits for the end of the month', async () => {
        await page.getByRole('link', { name: 'Tarif wechseln' }).click();
        await expect(page).toHaveURL(pages.tariffChange.de);
        const basis = page.getByRole('radio', { name: /^Basis – Grundgebühr: 3,00 € pro Jahr/ });
        await expect(basis).toHaveAccessibleDescription(`gilt ab ${firstOfNextMonth}`);
        await expect(page.getByRole('radio', { name: /^Komfort Jahr/ })).toHaveAccessibleDescription('gilt sofort');
        await basis.check();
        // Choosing orders nothing: the summary of the new tariff comes right before the button that orders it
        // (docs/rules/contract-and-cancellation.md#tariff-change). Basis has a base fee: the order costs money.
        await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click();
        await expect(page).toHaveURL(`${pages.tariffChange.de}?tariff=basis`);
        const summary = page.getByRole('region', { name: 'Dein Tarifwechsel' });
        await expect(summary).toContainText('Neuer TarifBasis');
        await expect(summary).toContainText(`Gilt ab${firstOfNextMonth}; bis dahin gilt dein bisheriger Tarif`);
        const order = page.getByRole('button', { name: 'Zahlungspflichtig wechseln' });
        await expect(order).toHaveAccessibleDescription(/^Neuer Tarif\s*Basis\s*Grundgebühr\s*3,00\s€ pro Jahr/);
        await expectNoViolations(page, 'the summary of a tariff change');
        await order.click();
        await expect(page).toHaveURL(`${pages.tariff.de}?changed=pending`);
        await expect(page.getByRole('status')).toHaveText(
          `Dein Wechsel zu Basis ist vorgemerkt und gilt ab ${firstOfNextMonth}.`,
        );
        await expect(current).toContainText('Komfort Monat');
        await expect(current).toContainText(`Vorgemerkter Wechsel zu Basis ab ${firstOfNextMonth}.`);
      });

      await ownServer.step('the pending change is withdrawn', async () => {
        await page.getByRole('button', { name: 'Tarifwechsel zurücknehmen' }).click();
        await expect(page.getByRole('status')).toHaveText('Dein vorgemerkter Tarifwechsel ist zurückgenommen.');
        await expect(current).not.toContainText('Vorgemerkter Wechsel');
      });

      await ownServer.step('an upgrade to the annual tariff applies at once', async () => {
        await page.getByRole('link', { name: 'Tarif wechseln' }).click();
        await page.getByRole('radio', { name: /^Komfort Jahr/ }).check();
        await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click();
        await expect(page.getByRole('region', { name: 'Dein Tarifwechsel' })).toContainText(
          `Gilt absofort, ab heute (${german(today())})`,
        );
        await page.getByRole('button', { name: 'Zahlungspflichtig wechseln' }).click();
        await expect(page.getByRole('status')).toHaveText('Dein neuer Tarif Komfort Jahr gilt ab sofort.');
        await expect(current).toContainText('Komfort Jahr');
        await expect(current).toContainText(`Gültig seit ${german(today())}`);
      });

      await ownServer.step('the contract shows the new tariff and its first term', async () => {
        await page
          .getByRole('navigation', { name: 'Kundenbereich-Navigation' })
          .getByRole('link', { name: 'Vertrag' })
          .click();
        await expect(page).toHaveURL(pages.contract.de);
        const details = page.getByRole('region', { name: 'Vertragsdaten' });
        await expect(details).toContainText('Komfort Jahr');
        await expect(details).toContainText(`Ende der Erstlaufzeit${german(termEnd(today(), 12))}`);
      });
    },
  );

  ownServer('cancels in the self-service area and withdraws the cancellation', async ({ page }) => {
    ownServer.setTimeout(120_000);
    await logInAsDemo(page, pages.contract.de);
    await waitForHydration(page);
    const endOfMonth = german(lastDayOfMonth(today()));
    const details = page.getByRole('region', { name: 'Vertragsdaten' });
    // The other test of this server may have moved the demo customer to the annual tariff.
    const annual = (await details.innerText()).includes('Komfort Jahr');
    const earliest = annual ? german(termEnd(today(), 12)) : endOfMonth;
    await expect(details).toContainText(`Nächstmögliches Vertragsende${earliest} (bei Kündigung heute)`);

    await page.getByRole('link', { name: 'Vertrag kündigen' }).click();
    await expect(page).toHaveURL(pages.contractCancel.de);
    await expect(page.getByRole('textbox', { name: 'Vor- und Nachname' })).toHaveValue('Dana Demo');
    await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse für die Bestätigung' })).toHaveValue(
      demoCustomer.email,
    );
    // An earlier date than possible is refused with the earliest one named.
    await page
      .getByRole('textbox', { name: 'Gewünschtes Vertragsende' })
      .pressSequentially(german(today()).replaceAll('.', ''));
    if (earliest !== german(today())) {
      await page.getByRole('button', { name: 'jetzt kündigen' }).click();
      // The message sits next to the field and describes it.
      await expect(page.getByRole('textbox', { name: 'Gewünschtes Vertragsende' })).toHaveAccessibleDescription(
        new RegExp(`^Dein Vertrag kann frühestens mit Ablauf des ${earliest.replaceAll('.', '\\.')} enden\\.`),
      );
    }
    await page.getByRole('textbox', { name: 'Gewünschtes Vertragsende' }).fill('');
    await page.getByRole('button', { name: 'jetzt kündigen' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      'Deine Kündigung ist eingegangen',
    );
    await expect(confirmationValue(page, 'Vertragsende')).toHaveText(`mit Ablauf des ${earliest}`);

    await page.getByRole('link', { name: 'Zu deinem Vertrag' }).click();
    await expect(page.getByRole('region', { name: 'Kündigung' })).toContainText(
      `Dein Vertrag ist gekündigt und endet mit Ablauf des ${earliest}.`,
    );
    // No tariff change while the cancellation is pending.
    await page.goto(pages.tariffChange.de);
    await expect(page.getByRole('status')).toHaveText(
      'Solange eine Kündigung vorliegt, kannst du den Tarif nicht wechseln. Nimm zuerst die Kündigung zurück.',
    );
    await page.goto(pages.contract.de);
    await page.getByRole('button', { name: 'Kündigung zurücknehmen' }).click();
    await expect(page.getByRole('status')).toHaveText('Deine Kündigung ist zurückgenommen. Dein Vertrag läuft weiter.');
    await expect(details).toContainText('StatusAktiv');
    const mail = await readMail(page, demoCustomer.email, /^Deine Kündigung ist zurückgenommen/);
    expect(mail).toContain('Dein Vertrag läuft unverändert weiter.');
  });
});

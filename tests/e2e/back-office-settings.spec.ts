import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { expectNoViolations } from './support/accessibility';
import { createAdmin, logInToBackOffice } from './support/back-office';
import { expect, testWithCuttableDatabase } from './support/test';

/**
 * The back office's settings (docs/rules/back-office.md#settings): an admin changes the four-eyes
 * amounts, with and without JavaScript, in German and English notation; a wrong amount is a message
 * next to its field, a page shown before someone else's change overwrites nothing, and every change
 * is in the audit log with the values before and after. A server of its own, on a database the spec
 * reads.
 */
const test = testWithCuttableDatabase();

test('an admin changes the four-eyes amounts, also without JavaScript; a stale page overwrites nothing; each change is audited', async ({
  browser,
  app,
  database,
}) => {
  test.setTimeout(120_000);
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  const context = await browser.newContext({ baseURL: app.url, locale: 'de-DE' });
  try {
    const { login } = await createAdmin(database.url, `rita-${randomUUID()}@example.com`, 'Rita Root');
    const page = await context.newPage();
    await logInToBackOffice(page, login);
    const since = new Date();

    await page
      .getByRole('navigation', { name: 'Backoffice-Navigation' })
      .getByRole('link', { name: 'Einstellungen' })
      .click();
    await expect(page).toHaveURL(/\/backoffice\/settings$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
    await expect(page.getByTestId('settings-updated')).toHaveText('Noch nie geändert: Es gelten die Voreinstellungen.');
    const labels = {
      credits: 'Freigabe für Gutschriften und Erstattungen über (Euro)',
      batches: 'Freigabe für Gutschein-Chargen mit einem Gesamtwert über (Euro)',
      budget: 'Ohne Freigabe je Person in 24 Stunden höchstens (Euro)',
    };
    const credits = page.getByLabel(labels.credits);
    const batches = page.getByLabel(labels.batches);
    const budget = page.getByLabel(labels.budget);
    const save = page.getByRole('button', { name: 'Einstellungen speichern' });
    await expect(credits).toHaveValue('50,00');
    await expect(batches).toHaveValue('50,00');
    await expect(budget).toHaveValue('200,00');
    await expect(credits).toHaveAccessibleDescription(/Gilt zurzeit: 50,00\s€ \(Voreinstellung: 50,00\s€\)\./);
    await expectNoViolations(page, 'settings');

    // The German form reads only the German decimal mark: the message stands next to the field and is
    // announced; everything typed stays. Nothing is saved, so this page still shows version 0.
    await credits.fill('30.00');
    await budget.fill('300,00');
    await save.click();
    await expect(page.getByRole('alert')).toHaveText('Bitte prüfen Sie die markierten Felder.');
    await expect(credits).toHaveAttribute('aria-invalid', 'true');
    await expect(credits).toHaveAccessibleDescription(
      /Bitte geben Sie einen Betrag von 0,01\s€ bis 10\.000,00\s€ ein, zum Beispiel 50,00\./,
    );
    await expect(page.locator('#settings-moneyRequestAbove-error')).toHaveAttribute('aria-live', 'polite');
    await expect(credits).toHaveValue('30.00');
    await expect(budget).toHaveValue('300,00');
    await expect(budget).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'settings with a message');

    // Meanwhile the same admin, in a browser without JavaScript, changes two amounts: the page is a
    // plain form, refusing and saving alike.
    const plainContext = await browser.newContext({
      baseURL: app.url,
      locale: 'de-DE',
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const plain = await plainContext.newPage();
    await plain.goto('/backoffice/settings');
    await plain.getByLabel(labels.credits).fill('30.00');
    await plain.getByLabel(labels.budget).fill('300,00');
    await plain.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(plain.getByLabel(labels.credits)).toHaveAccessibleDescription(/Bitte geben Sie einen Betrag/);
    await expect(plain.getByLabel(labels.credits)).toHaveValue('30.00');
    await expect(plain.getByLabel(labels.budget)).toHaveValue('300,00');
    await plain.getByLabel(labels.credits).fill('30,00');
    await plain.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(plain).toHaveURL(/\/backoffice\/settings\?done=saved$/);
    await expect(plain.getByRole('status')).toHaveText('Die Einstellungen sind gespeichert und gelten ab sofort.');
    await expect(plain.getByLabel(labels.credits)).toHaveValue('30,00');
    await expect(plain.getByTestId('settings-updated')).toHaveText(
      /^Zuletzt geändert von Rita Root <rita-[\w-]+@example\.com> am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\.$/,
    );
    await plainContext.close();

    // The first page showed version 0: its change is refused, nothing is overwritten, what was typed
    // stays, and next to each field stands what applies now.
    await credits.fill('50,00');
    await budget.fill('200,00');
    await batches.fill('80,00');
    await save.click();
    await expect(page.getByRole('alert')).toContainText('Jemand hat die Einstellungen inzwischen geändert');
    await expect(batches).toHaveValue('80,00');
    await expect(credits).toHaveValue('50,00');
    await expect(credits).toHaveAccessibleDescription(/Gilt zurzeit: 30,00\s€ \(Voreinstellung: 50,00\s€\)/);
    await expectNoViolations(page, 'settings changed meanwhile');
    const { rows: kept } = await sql.query<{ version: number; voucher_batch_above_cents: number | null }>(
      'select version, voucher_batch_above_cents from back_office_settings',
    );
    expect(kept).toEqual([{ version: 1, voucher_batch_above_cents: 5000 }]);
    // Having seen what applies, the admin keeps the other amounts in force and saves the batch amount again.
    await credits.fill('30,00');
    await budget.fill('300,00');
    await save.click();
    await expect(page.getByRole('status')).toHaveText('Die Einstellungen sind gespeichert und gelten ab sofort.');
    await expect(batches).toHaveValue('80,00');

    // In English, with the English decimal mark.
    await page.getByRole('link', { name: 'Sprache wechseln: English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    const englishBudget = page.getByLabel('Without approval per person within 24 hours at most (euros)');
    await expect(englishBudget).toHaveValue('300.00');
    await englishBudget.fill('250,00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(englishBudget).toHaveAccessibleDescription(/Please enter an amount from €0\.01 to €10,000\.00/);
    await expect(englishBudget).toHaveValue('250,00');
    await englishBudget.fill('250.50');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('The settings are saved and apply from now on.');
    await expect(englishBudget).toHaveValue('250.50');
    await expectNoViolations(page, 'settings in English');

    // The audit log holds each change, and only the changes, with the values before and after.
    const { rows: entries } = await sql.query<{
      action: string;
      before: Record<string, number>;
      after: Record<string, number>;
      request_id: string | null;
      ip_hash: string | null;
    }>(
      `select action, before, after, request_id, ip_hash from audit_log
        where at >= $1 and action like 'settings.%' order by at, id`,
      [since],
    );
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [
        { moneyRequestAboveCents: 5000, voucherBatchAboveCents: 5000, selfApprovedPerStaffCents: 20_000, version: 0 },
        { moneyRequestAboveCents: 3000, voucherBatchAboveCents: 5000, selfApprovedPerStaffCents: 30_000, version: 1 },
      ],
      [
        { moneyRequestAboveCents: 3000, voucherBatchAboveCents: 5000, selfApprovedPerStaffCents: 30_000, version: 1 },
        { moneyRequestAboveCents: 3000, voucherBatchAboveCents: 8000, selfApprovedPerStaffCents: 30_000, version: 2 },
      ],
      [
        { moneyRequestAboveCents: 3000, voucherBatchAboveCents: 8000, selfApprovedPerStaffCents: 30_000, version: 2 },
        { moneyRequestAboveCents: 3000, voucherBatchAboveCents: 8000, selfApprovedPerStaffCents: 25_050, version: 3 },
      ],
    ]);
    expect(entries.every((entry) => entry.action === 'settings.change' && entry.request_id && entry.ip_hash)).toBe(
      true,
    );
  } finally {
    await context.close();
    await sql.end();
  }
});

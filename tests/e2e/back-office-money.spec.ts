import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { pages } from '../../app/i18n/route-table';
import { newCustomer, registerByRequest } from './support/accounts';
import { expectNoViolations } from './support/accessibility';
import { createAdmin, createStaffMember, logInToBackOffice, type StaffLogin } from './support/back-office';
import { expect, testWithCuttableDatabase } from './support/test';

/**
 * Money in the back office (docs/rules/back-office.md#money): a credit above the four-eyes amount
 * waits for a second finance member; a voucher batch above it waits too, is exported as CSV and
 * redeemed by a customer; the audit log holds every step with its actor. Each staff member logs in
 * once, in a browser context of their own (a second login within one TOTP step would be a replay).
 */
const test = testWithCuttableDatabase();

const euros = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));

async function signedIn(browser: Browser, login: StaffLogin): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInToBackOffice(page, login);
  return page;
}

test('a credit and a voucher batch above the limit wait for a second finance member; the customer gets both', async ({
  browser,
  page: admin,
  database,
}) => {
  test.setTimeout(180_000);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const { login } = await createAdmin(database.url, 'rita.root@example.com', 'Rita Root');
    await logInToBackOffice(admin, login);
    const first = await createStaffMember(admin, {
      email: 'finn.first@example.com',
      name: 'Finn First',
      role: 'finance',
    });
    const second = await createStaffMember(admin, {
      email: 'sina.second@example.com',
      name: 'Sina Second',
      role: 'finance',
    });
    const finn = await signedIn(browser, first);
    const sina = await signedIn(browser, second);

    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    const erika = newCustomer();
    await registerByRequest(customerContext.request, erika);
    const { rows } = await db.query<{ customer_number: string }>(
      'select customer_number from customers where email = $1',
      [erika.email],
    );
    const customerNumber = rows[0]!.customer_number;
    await customer.goto(pages.credit.de);
    const balance = customer.locator('.credit__amount');
    const start = euros(await balance.innerText());

    // (a) Finn books a goodwill credit of 60,00 €: above the limit, it waits.
    await finn
      .getByRole('navigation', { name: 'Backoffice-Navigation' })
      .getByRole('link', { name: 'Gutschriften und Erstattungen' })
      .click();
    await expectNoViolations(finn, 'money requests');
    await finn.getByRole('link', { name: 'Neue Gutschrift oder Erstattung' }).click();
    await expectNoViolations(finn, 'new money request');
    await finn.getByLabel('Kundennummer').fill(customerNumber);
    await finn.getByLabel('Art').selectOption('goodwill');
    await finn.getByLabel('Betrag in Euro').fill('60.00');
    await finn.getByLabel('Begründung', { exact: true }).fill('Drei ausgefallene Fahrten');
    await finn.getByRole('button', { name: 'Buchen' }).click();
    // The German form reads only the German decimal mark: the message is next to the field, the input stays.
    await expect(finn.getByLabel('Betrag in Euro')).toHaveAccessibleDescription(/zum Beispiel 12,50/);
    await expect(finn.getByLabel('Begründung', { exact: true })).toHaveValue('Drei ausgefallene Fahrten');
    await expectNoViolations(finn, 'new money request with a message');
    await finn.getByLabel('Betrag in Euro').fill('60,00');
    await finn.getByRole('button', { name: 'Buchen' }).click();
    await expect(finn.getByRole('status')).toHaveText('Beantragt. Eine zweite Person muss die Buchung freigeben.');
    await expect(finn.getByTestId('money-state')).toHaveText('Wartet auf Freigabe');
    await expect(finn.getByRole('button', { name: 'Freigeben und buchen' })).toHaveCount(0);
    await expectNoViolations(finn, 'pending money request');
    await customer.reload();
    expect(euros(await balance.innerText())).toBe(start);

    // Sina approves it from the list of pending requests.
    await sina.goto('/backoffice/money?state=pending');
    await sina
      .getByRole('table', { name: 'Gutschriften und Erstattungen, älteste zuerst' })
      .getByRole('link')
      .first()
      .click();
    await sina.getByRole('button', { name: 'Freigeben und buchen' }).click();
    await expect(sina.getByRole('status')).toHaveText('Freigegeben und gebucht.');
    await expect(sina.getByTestId('money-state')).toHaveText('Gebucht');
    await customer.reload();
    expect(euros(await balance.innerText())).toBe(start + 60);

    // (b) Finn creates ten vouchers of 10,00 €: 100,00 € in total waits for Sina too.
    await finn.goto('/backoffice/vouchers');
    await expectNoViolations(finn, 'voucher batches');
    await finn.getByRole('link', { name: 'Gutscheine erzeugen' }).click();
    await expectNoViolations(finn, 'new voucher batch');
    await finn.getByLabel('Anzahl').fill('10');
    await finn.getByLabel('Wert je Gutschein in Euro').fill('10,00');
    await finn.getByLabel('Gültig bis').fill(`${new Date().getUTCFullYear() + 1}-06-30`);
    await finn.getByRole('button', { name: 'Gutscheine erzeugen' }).click();
    await expect(finn.getByTestId('batch-state')).toHaveText('Wartet auf Freigabe');
    await expect(finn.getByRole('button', { name: 'Codes als CSV exportieren' })).toHaveCount(0);
    await expectNoViolations(finn, 'pending voucher batch');
    const batchUrl = finn.url();

    await sina.goto(batchUrl);
    await sina.getByRole('button', { name: 'Charge freigeben' }).click();
    await expect(sina.getByTestId('batch-state')).toHaveText('Freigegeben');

    await finn.reload();
    const downloading = finn.waitForEvent('download');
    await finn.getByRole('button', { name: 'Codes als CSV exportieren' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^vouchers-[0-9a-f]{8}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace('\uFEFF', '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Code;Wert (EUR);Gültig bis;Eingelöst;Eingelöst am');
    expect(lines).toHaveLength(11);
    const code = lines[1]!.split(';')[0]!;

    // The customer redeems one of the codes on the credit page.
    await customer.getByRole('textbox', { name: 'Gutscheincode' }).fill(code);
    await customer.getByRole('button', { name: 'Gutschein einlösen' }).click();
    await expect(customer.getByRole('status').filter({ hasText: 'eingelöst' })).toContainText(code);
    expect(euros(await customer.locator('.credit__amount').innerText())).toBe(start + 70);
    await finn.reload();
    await expect(finn.getByTestId('batch-redeemed')).toHaveText('1');

    // The audit log holds every step, each with its actor, request id and keyed address.
    const audit = await db.query<{ action: string; email: string; request_id: string | null; ip_hash: string | null }>(
      `select a.action, s.email, a.request_id, a.ip_hash from audit_log a join staff_accounts s on s.id::text = a.actor_staff_id::text
       where a.action like 'money.%' or a.action like 'voucher-batch.%' order by a.at, a.id`,
    );
    const steps = audit.rows.map((row) => `${row.action} ${row.email}`);
    for (const step of [
      'money.request finn.first@example.com',
      'money.view finn.first@example.com',
      'money.view sina.second@example.com',
      'money.approve sina.second@example.com',
      'money.book sina.second@example.com',
      'voucher-batch.create finn.first@example.com',
      'voucher-batch.approve sina.second@example.com',
      'voucher-batch.export finn.first@example.com',
    ]) {
      expect(steps).toContain(step);
    }
    expect(audit.rows.every((row) => row.request_id && row.ip_hash)).toBe(true);
  } finally {
    await db.end();
  }
});

import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { pages } from '../../app/i18n/route-table';
import { newCustomer, registerByRequest } from './support/accounts';
import { expectNoViolations } from './support/accessibility';
import {
  auditEntriesAfter,
  createAdmin,
  confirmBySecondAdmin,
  createStaffMember,
  expectJourneyAudit,
  lastAuditId,
  logInToBackOffice,
  onCommandLine,
  type StaffLogin,
} from './support/back-office';
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
    // The journey's audit entries are the ones written from here on.
    const journeyStart = await lastAuditId(db);
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
    const secondAdmin = await confirmBySecondAdmin(admin, database.url, ['Finn First', 'Sina Second']);
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

    // The audit log holds every step of the journey and nothing else, each with its actor, the values of
    // what it changed, and the request's id and keyed address.
    expectJourneyAudit(await auditEntriesAfter(db, journeyStart), {
      actors: {
        'rita.root@example.com': 'rita',
        [first.email]: 'finn',
        [second.email]: 'sina',
        [secondAdmin]: 'sam',
      },
      expected: [
        // The admin (on the command line), the two finance members (by the admin), their enrolment and logins.
        'staff.create rita',
        'staff.enrol finn',
        'staff.enrol sina',
        'staff.login rita',
        'staff.login finn',
        'staff.login sina',
        // A second admin (on the command line too) confirms the two accounts the first one made.
        'staff.create sam',
        'staff.login sam',
        'staff.confirm sam',
        // (a) the credit: requested, viewed, listed as pending, approved and booked by the second person.
        'money.request finn',
        'money.view finn',
        'money.list sina',
        'money.view sina',
        'money.approve sina',
        'money.book sina',
        // (b) the batch: created, viewed, approved, viewed again and exported.
        'voucher-batch.create finn',
        'voucher-batch.view finn',
        'voucher-batch.view sina',
        'voucher-batch.approve sina',
        'voucher-batch.export finn',
      ],
      changes: {
        'staff.create': ['after'],
        'staff.enrol': ['before', 'after'],
        'staff.confirm': ['before', 'after'],
        'staff.login': ['after'],
        'money.request': ['after'],
        'money.approve': ['before', 'after'],
        'money.book': ['after'],
        'voucher-batch.create': ['after'],
        'voucher-batch.approve': ['before', 'after'],
        'voucher-batch.export': ['after'],
      },
      views: ['money.view', 'money.list', 'voucher-batch.view'],
      // The admins are created on the command line, outside any request.
      withoutOrigin: onCommandLine,
    });
  } finally {
    await db.end();
  }
});

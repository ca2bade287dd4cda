import pg from 'pg';
import { confirmBySecondAdmin, createAdmin, createStaffMember, logInToBackOffice } from './support/back-office';
import { newCustomer, registerByRequest } from './support/accounts';
import { expectNoViolations } from './support/accessibility';
import { expect, testWithCuttableDatabase } from './support/test';

// A server of its own on a database the spec reaches too (DATABASE_URL): it stores the customer's bank
// account directly and reads the audit log.
const test = testWithCuttableDatabase();

test('an agent finds a customer by email and by the IBAN’s last four digits, opens the view, and the view is audited', async ({
  page,
  request,
  database,
}) => {
  test.setTimeout(120_000);
  const customer = newCustomer();
  await registerByRequest(request, customer);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; customer_number: string }>(
      'select id, customer_number from customers where email = $1',
      [customer.email],
    );
    const { id, customer_number: number } = rows[0]!;
    await client.query(
      `insert into payment_methods (customer_id, kind, active, account_holder, iban, bic)
       values ($1, 'sepa', true, 'Erika Mustermann', 'DE44500105175407324931', 'INGDDEFFXXX')`,
      [id],
    );

    const { login } = await createAdmin(database.url, 'rita.root@example.com', 'Rita Root');
    await logInToBackOffice(page, login);
    const agent = await createStaffMember(page, { email: 'alex.agent@example.com', name: 'Alex Agent', role: 'agent' });
    await confirmBySecondAdmin(page, database.url, ['Alex Agent']);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await logInToBackOffice(page, agent);

    // By email (its start is enough).
    await page
      .getByRole('navigation', { name: 'Backoffice-Navigation' })
      .getByRole('link', { name: 'Kundensuche' })
      .click();
    await page.getByLabel('Suchen nach').selectOption('email');
    await page.getByLabel('Suchtext').fill(customer.email.slice(0, 20));
    await page.getByRole('button', { name: 'Suchen' }).click();
    const results = page.getByRole('table', { name: 'Gefundene Kundinnen und Kunden' });
    await expect(results.getByRole('row', { name: new RegExp(number) })).toContainText('Erika Mustermann');
    await expectNoViolations(page, 'customer lookup');

    // A wrong query gets a message next to the field.
    await page.getByLabel('Suchen nach').selectOption('iban');
    await page.getByLabel('Suchtext').fill('DE44');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(page.getByLabel('Suchtext')).toHaveAccessibleDescription(/letzten vier Ziffern der IBAN/);

    // By the IBAN's last four digits.
    await page.getByLabel('Suchtext').fill('4931');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await results.getByRole('link', { name: `Kundin oder Kunde ${number} ansehen` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Kundin oder Kunde ${number}` })).toBeVisible();
    await expect(page.getByText('•••• 4931')).toBeVisible();
    await expect(page.getByText('DE44500105175407324931')).toHaveCount(0);
    await expectNoViolations(page, 'customer view');

    const audit = await client.query<{ action: string; subject_id: string; after: { field?: string } }>(
      `select action, subject_id, after from audit_log where action in ('customer.search', 'customer.view') order by at`,
    );
    expect(audit.rows.filter((row) => row.action === 'customer.view').map((row) => row.subject_id)).toEqual([id]);
    expect(audit.rows.filter((row) => row.action === 'customer.search').map((row) => row.after.field)).toEqual([
      'email',
      'iban',
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain(customer.email);
  } finally {
    await client.end();
  }
});

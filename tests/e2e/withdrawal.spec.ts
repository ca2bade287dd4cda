import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { addDays } from '../../app/features/contract/calendar';
import { contractSettings } from '../../app/features/contract/contract-settings';
import { formatDate } from '../../app/i18n/intl-formats';
import { pages } from '../../app/i18n/route-table';
import { berlinDate } from '../../app/platform/berlin-date';
import { logInByRequest, newCustomer, readMail, registerByRequest } from './support/accounts';
import { confirmBySecondAdmin, createAdmin, createStaffMember, logInToBackOffice } from './support/back-office';
import { expect, testWithCuttableDatabase, waitForHydration } from './support/test';

/**
 * The withdrawal function (docs/rules/contract-and-cancellation.md#withdrawal), as a browser uses it:
 * from the footer without login within the period (the contract ends, the base fee is refunded, the
 * credit paid out), after the period (an ordinary cancellation), and unmatched (a back-office case
 * closed with a reason its sender receives). A server of its own, with the development mailbox and a
 * database the spec can read and prepare; its tests run one after another on that one server.
 */
const test = testWithCuttableDatabase({ DEV_MAILBOX: 'on' });
test.describe.configure({ mode: 'default' });

const today = () => berlinDate();
const german = (date: string) => formatDate(date, 'de');
/** A Berlin wall-clock time as the page and the mails show it: `14.05.2026, 10:23 MESZ`. */
const germanTimeOn = (date: string) => `${german(date).replace(/\./g, '\\.')}, \\d{2}:\\d{2} MES?Z`;

/** The confirmation's value for a label, read from its description list. */
function confirmationValue(page: Page, label: string) {
  return page
    .locator('.cancel-confirmation .summary-list__row')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition');
}

async function withSql<T>(databaseUrl: string, work: (sql: pg.Client) => Promise<T>): Promise<T> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

test('within 14 days and without login: the contract is withdrawn at once, the base fee refunded and the credit paid out', async ({
  page,
  database,
}) => {
  test.setTimeout(90_000);
  const customer = newCustomer();
  await registerByRequest(page.request, customer);
  // Logged out again; other cookies (the consent choice) stay.
  await page.context().clearCookies({ name: 'sid' });
  // A top-up of 10 € and the basis tariff's year of base fee (3 €), charged for the year from today:
  // withdrawn today, the whole fee comes back and the 10 € are paid out.
  await withSql(database.url, async (sql) => {
    const {
      rows: [contract],
    } = await sql.query<{ id: string; customer_id: string }>(
      'select k.id, k.customer_id from contracts k join customers c on c.id = k.customer_id where c.email = $1',
      [customer.email],
    );
    await sql.query(
      `insert into credit_ledger (customer_id, kind, amount_cents, reference) values ($1, 'top_up', 1000, 'E2E-AUFLADUNG')`,
      [contract!.customer_id],
    );
    const {
      rows: [fee],
    } = await sql.query<{ id: string }>(
      `insert into credit_ledger (customer_id, kind, amount_cents) values ($1, 'base_fee', -300) returning id`,
      [contract!.customer_id],
    );
    await sql.query(
      `insert into base_fee_charges (contract_id, ledger_entry_id, period_start, period_end, amount_cents)
       values ($1, $2, $3, $4, 300)`,
      [contract!.id, fee!.id, today(), addDays(today(), 364)],
    );
  });

  await page.goto(pages.home.de);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Vertrag widerrufen' }).click();
  await expect(page).toHaveURL(pages.withdrawContract.de);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vertrag widerrufen');
  await waitForHydration(page);

  // Step one: only what identifies the contract.
  await page.getByRole('textbox', { name: 'Vor- und Nachname' }).fill(`${customer.firstName} ${customer.lastName}`);
  await page.getByRole('textbox', { name: 'E-Mail-Adresse oder Kundennummer' }).fill(customer.email);
  await page.getByRole('textbox', { name: 'E-Mail-Adresse für die Eingangsbestätigung' }).fill(customer.email);
  await page.getByRole('button', { name: 'Weiter' }).click();

  // Step two: the declaration, with the button that makes it.
  const review = page.getByRole('heading', { name: 'Bitte bestätige deinen Widerruf' });
  await expect(review).toBeVisible();
  await expect(review).toBeFocused();
  await expect(page.getByRole('main')).toContainText('Hiermit widerrufe ich den von mir abgeschlossenen Vertrag');
  // Back to the fields: they hold what was typed, and the focus is on the first.
  await page.getByRole('button', { name: 'Angaben ändern' }).click();
  const name = page.getByRole('textbox', { name: 'Vor- und Nachname' });
  await expect(name).toHaveValue(`${customer.firstName} ${customer.lastName}`);
  await expect(name).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse für die Eingangsbestätigung' })).toHaveValue(
    customer.email,
  );
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(review).toBeFocused();
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();

  // The acknowledgement on the page: content, date and time of receipt.
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('Dein Widerruf ist eingegangen');
  await expect(page.getByRole('status')).toHaveText(
    `Vielen Dank. Wir haben deinen Widerruf erhalten und eine Eingangsbestätigung an ${customer.email} geschickt.`,
  );
  await expect(confirmationValue(page, 'Eingegangen am')).toHaveText(new RegExp(`^${germanTimeOn(today())}$`));
  await expect(confirmationValue(page, 'Vor- und Nachname')).toHaveText(`${customer.firstName} ${customer.lastName}`);
  const reference = (await confirmationValue(page, 'Referenz').innerText()).trim();
  expect(reference).toMatch(/^K-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  // The same on a durable medium, at the address given.
  const acknowledgement = await readMail(
    page,
    customer.email,
    new RegExp(`^Eingangsbestätigung deines Widerrufs \\(${reference}\\)`),
  );
  expect(acknowledgement).toMatch(new RegExp(`wir haben deinen Widerruf am ${germanTimeOn(today())} erhalten`));
  expect(acknowledgement).toContain(`Referenz: ${reference}`);

  // What applied, to the account's own address.
  const notice = await readMail(page, customer.email, /^Dein Vertrag ist widerrufen/);
  expect(notice).toContain(`(Referenz ${reference}). Dein Vertrag ist damit am ${german(today())} beendet.`);
  expect(notice).toMatch(/erstatten wir anteilig: 3,00\s€ sind deinem Guthaben gutgeschrieben\./);
  expect(notice).toMatch(
    new RegExp(
      `Dein Guthaben von 10,00\\s€ zahlen wir bis zum ${german(addDays(today(), contractSettings.payoutWithinDays))} aus\\.`,
    ),
  );

  // Logged in, the customer sees the contract withdrawn and the refund and the payout booked.
  await logInByRequest(page.request, customer);
  await page.goto(pages.contract.de);
  await expect(
    page
      .locator('.summary-list__row')
      .filter({ has: page.getByRole('term').filter({ hasText: /^Status$/ }) })
      .getByRole('definition'),
  ).toHaveText('Widerrufen');
  await expect(page.getByRole('main')).toContainText(
    `Du hast diesen Vertrag widerrufen. Er endete am ${german(today())}.`,
  );
  await page.goto(pages.credit.de);
  const ledger = page.getByRole('table');
  await expect(ledger.getByRole('row').filter({ hasText: 'Erstattung' })).toContainText(/3,00\s€/);
  await expect(ledger.getByRole('row').filter({ hasText: 'Auszahlung' })).toContainText(/10,00\s€/);
});

test('after 14 days (in English, by customer number): the withdrawal counts as an ordinary cancellation, and the holder is told so in German', async ({
  page,
  database,
}) => {
  test.setTimeout(90_000);
  const customer = newCustomer();
  await registerByRequest(page.request, customer);
  await page.context().clearCookies({ name: 'sid' });
  // The contract started 30 days ago: its withdrawal period ended days ago (later than 14 days after the
  // start when that day was a weekend or a public holiday).
  const customerNumber = await withSql(database.url, async (sql) => {
    await sql.query(
      `update contracts set start_date = start_date - 30, tariff_since = tariff_since - 30
        where customer_id = (select id from customers where email = $1)`,
      [customer.email],
    );
    const { rows } = await sql.query<{ customer_number: string }>(
      'select customer_number from customers where email = $1',
      [customer.email],
    );
    return rows[0]!.customer_number;
  });

  await page.goto(pages.withdrawContract.en);
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'First and last name' }).fill(`${customer.firstName} ${customer.lastName}`);
  await page.getByRole('textbox', { name: 'Email address or customer number' }).fill(customerNumber);
  await page.getByRole('textbox', { name: 'Email address for the acknowledgement' }).fill(customer.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
    'Your withdrawal has been received',
  );
  const reference = (await confirmationValue(page, 'Reference').innerText()).trim();

  // The acknowledgement in the language of the declaration, the notice in the holder's.
  await readMail(page, customer.email, new RegExp(`^Acknowledgement of your withdrawal \\(${reference}\\)`));
  const notice = await readMail(page, customer.email, /^Dein Widerruf gilt als Kündigung/);
  expect(notice).toMatch(
    new RegExp(`\\(Referenz ${reference}\\)\\. Die Widerrufsfrist endete am \\d{2}\\.\\d{2}\\.\\d{4};`),
  );
  expect(notice).toContain('wir behandeln deine Erklärung deshalb als ordentliche Kündigung.');
  const endDate = /Dein Vertrag endet mit Ablauf des (\d{2}\.\d{2}\.\d{4})\./.exec(notice)?.[1];
  expect(endDate, 'the notice names the end date').toBeTruthy();

  // The contract is cancelled to that date, not withdrawn.
  const contract = await withSql(database.url, async (sql) => {
    const { rows } = await sql.query<{ state: string; end_date: string }>(
      `select k.state, k.end_date::text from contracts k join customers c on c.id = k.customer_id where c.email = $1`,
      [customer.email],
    );
    return rows[0]!;
  });
  expect(contract.state).toBe('cancellation_requested');
  expect(german(contract.end_date)).toBe(endDate);
});

test('without JavaScript, a withdrawal that matches no account gets the same acknowledgement; an agent closes its case with a reason the sender receives', async ({
  page,
  browser,
  app,
  database,
}) => {
  test.setTimeout(180_000);
  const stranger = `stranger-${randomUUID()}@example.com`;
  const noScript = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false, locale: 'de-DE' });
  try {
    const form = await noScript.newPage();
    await form.goto(pages.withdrawContract.de);
    await form.getByRole('textbox', { name: 'Vor- und Nachname' }).fill('Max Muster');
    await form.getByRole('textbox', { name: 'E-Mail-Adresse oder Kundennummer' }).fill(stranger);
    await form.getByRole('textbox', { name: 'E-Mail-Adresse für die Eingangsbestätigung' }).fill(stranger);
    await form.getByRole('button', { name: 'Weiter' }).click();
    await expect(form.getByRole('heading', { name: 'Bitte bestätige deinen Widerruf' })).toBeVisible();
    await form.getByRole('button', { name: 'Widerruf bestätigen' }).click();
    await expect(form.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('Dein Widerruf ist eingegangen');
    await expect(confirmationValue(form, 'Eingegangen am')).toHaveText(new RegExp(`^${germanTimeOn(today())}$`));
    const acknowledgement = await readMail(form, stranger, /^Eingangsbestätigung deines Widerrufs/);
    expect(acknowledgement).toContain('Hallo Max Muster,');
    expect(acknowledgement).toMatch(new RegExp(`wir haben deinen Widerruf am ${germanTimeOn(today())} erhalten`));
  } finally {
    await noScript.close();
  }

  // An admin creates an agent (confirmed by a second admin); the agent works the case in a browser of their own.
  const { login: admin } = await createAdmin(database.url, `rita-${randomUUID()}@example.com`, 'Rita Root');
  await logInToBackOffice(page, admin);
  const agentLogin = await createStaffMember(page, {
    email: `alex-${randomUUID()}@example.com`,
    name: 'Alex Agent',
    role: 'agent',
  });
  await confirmBySecondAdmin(page, database.url, ['Alex Agent']);
  const agentContext = await browser.newContext({ baseURL: app.url, locale: 'de-DE' });
  try {
    const agent = await agentContext.newPage();
    await logInToBackOffice(agent, agentLogin);
    // The queue's view brings in the new declaration as a case; the spec opens the stranger's.
    await agent.goto('/backoffice/cases?kind=cancellation&state=new');
    const caseId = await withSql(database.url, async (sql) => {
      const { rows } = await sql.query<{ id: string }>(
        `select c.id from cases c join cancellations d on d.id = c.source_id
          where c.kind = 'cancellation' and d.confirmation_email = $1`,
        [stranger],
      );
      return rows[0]?.id;
    });
    expect(caseId, 'the withdrawal is a case in the queue').toBeTruthy();
    await agent
      .locator(`[data-case-id="${caseId}"]`)
      .getByRole('link', { name: /^Fall öffnen:/ })
      .click();
    await expect(agent.getByRole('heading', { level: 1 })).toContainText('Widerruf vom');
    await expect(agent.getByTestId('case-declaration-kind')).toHaveText('Widerruf');
    await expect(agent.getByTestId('case-matched')).toHaveText('Nein, keinem Kundenkonto zugeordnet');
    await expect(agent.getByText(stranger).first()).toBeVisible();

    await agent
      .getByRole('combobox', { name: 'Grund (Pflichtfeld)' })
      .selectOption({ label: 'Kein Vertrag anhand der Angaben erkennbar' });
    await agent
      .getByRole('textbox', { name: 'Text an die erklärende Person' })
      .fill('Bitte nenne uns die Kundennummer deines Kontos.');
    await agent.getByRole('button', { name: 'Schließen und Antwort senden' }).click();
    await expect(agent.getByRole('status')).toHaveText(
      'Der Fall ist geschlossen; die erklärende Person erhält die Antwort.',
    );
    await expect(agent.getByTestId('case-state')).toHaveText('Erledigt');

    // The answer goes to the address the sender gave, in the language they wrote in.
    const answer = await readMail(agent, stranger, /^Antwort auf deinen Widerruf/);
    expect(answer).toContain('Hallo Max Muster,');
    expect(answer).toContain('Wir haben ihn nicht ausgeführt.');
    expect(answer).toContain('Der Grund: Anhand deiner Angaben konnten wir keinen Vertrag finden.');
    expect(answer).toContain('Dazu unser Service-Team: Bitte nenne uns die Kundennummer deines Kontos.');
    expect(answer).toMatch(
      new RegExp(`widerrufe bitte erneut über unsere Widerrufsfunktion: \\S+${pages.withdrawContract.de}\\b`),
    );
  } finally {
    await agentContext.close();
  }
});

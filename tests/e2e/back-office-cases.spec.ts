import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pages } from '../../app/i18n/route-table';
import { newCustomer, readMail, registerByRequest } from './support/accounts';
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
} from './support/back-office';
import { expect, testWithCuttableDatabase } from './support/test';

/**
 * The case queue of the service back office (docs/rules/back-office.md#case-queues), worked by an
 * agent: an unmatched cancellation matched to its customer, another closed with a reason its sender
 * receives, a bike report taken and completed. A server of its own, with the development mailbox and a
 * database the spec can read.
 */
const test = testWithCuttableDatabase({ DEV_MAILBOX: 'on' });

test('an agent matches an unmatched cancellation, closes another with a reason and completes a bike report; the audit log holds every step', async ({
  page,
  browser,
  app,
  database,
  request,
}) => {
  test.setTimeout(180_000);
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  try {
    // The journey's audit entries are the ones written from here on.
    const journeyStart = await lastAuditId(sql);
    // A customer, and a cancellation through the public form that names no account of theirs.
    const customer = newCustomer();
    await registerByRequest(request, customer);
    const { rows: numbers } = await sql.query<{ customer_number: string }>(
      'select customer_number from customers where email = $1',
      [customer.email],
    );
    const customerNumber = numbers[0]!.customer_number;
    const declarant = `cancel-${randomUUID()}@example.com`;
    const noScript = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false, locale: 'en-GB' });
    const form = await noScript.newPage();
    await form.goto(pages.cancelContract.en);
    await form.getByRole('textbox', { name: 'First and last name' }).fill('Erika Mustermann');
    await form.getByRole('textbox', { name: 'Email address or customer number' }).fill(declarant);
    await form.getByRole('textbox', { name: 'Email address for the confirmation' }).fill(declarant);
    await form.getByRole('button', { name: 'cancel now' }).click();
    await expect(form.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      'Your cancellation has been received',
    );
    // A second one that names no account at all, which the agent will close unapplied.
    const stranger = `stranger-${randomUUID()}@example.com`;
    await form.goto(pages.cancelContract.en);
    await form.getByRole('textbox', { name: 'First and last name' }).fill('Max Muster');
    await form.getByRole('textbox', { name: 'Email address or customer number' }).fill(stranger);
    await form.getByRole('textbox', { name: 'Email address for the confirmation' }).fill(stranger);
    await form.getByRole('button', { name: 'cancel now' }).click();
    await expect(form.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      'Your cancellation has been received',
    );
    await noScript.close();
    const {
      rows: [declaration],
    } = await sql.query<{ id: string; received_at: Date }>(
      'select id, received_at from cancellations where confirmation_email = $1',
      [declarant],
    );
    // A bike report whose reporter left an address.
    const reporter = `reporter-${randomUUID()}@example.com`;
    const reference = `R-2026-${randomUUID().slice(0, 6).toUpperCase()}`;
    await sql.query(
      `insert into bike_reports (reference, kind, bike_number, location_lat, location_lon, location_source, seen_at, contact_email, locale)
       values ($1, 'damaged', '12345', 52.52, 13.405, 'position', now(), $2, 'de')`,
      [reference, reporter],
    );

    // The admin creates the agent; the agent works the cases in a browser of their own.
    const { login: admin } = await createAdmin(database.url, `rita-${randomUUID()}@example.com`, 'Rita Root');
    await logInToBackOffice(page, admin);
    const agentLogin = await createStaffMember(page, {
      email: `alex-${randomUUID()}@example.com`,
      name: 'Alex Agent',
      role: 'agent',
    });
    const secondAdmin = await confirmBySecondAdmin(page, database.url, ['Alex Agent']);
    const agentContext = await browser.newContext({ baseURL: app.url, locale: 'de-DE' });
    const agent = await agentContext.newPage();
    await logInToBackOffice(agent, agentLogin);

    // (a) The unmatched cancellation, found in the queue by its kind.
    await agent.getByRole('navigation', { name: 'Backoffice-Navigation' }).getByRole('link', { name: 'Fälle' }).click();
    await agent.getByLabel('Art').selectOption('cancellation');
    await agent.getByLabel('Zuständig').selectOption('unassigned');
    await agent.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(agent).toHaveURL(/kind=cancellation/);
    await expectNoViolations(agent, 'case queue');
    await agent
      .locator(`[data-case-id]`)
      .getByRole('link', { name: /Fall öffnen: Kündigung/ })
      .first()
      .click();
    await expect(agent.getByTestId('case-matched')).toHaveText('Nein, keinem Kundenkonto zugeordnet');
    await expect(agent.getByText(declarant).first()).toBeVisible();
    await expectNoViolations(agent, 'case page');

    await agent.getByLabel('Kundennummer').fill(customerNumber);
    await agent.getByRole('button', { name: 'Vorschau' }).click();
    const preview = agent.getByTestId('match-preview');
    await expect(preview).toContainText(`Erika Mustermann (${customerNumber}, ${customer.email})`);
    const endDate = /Vertragsende: (\d{2}\.\d{2}\.\d{4})/.exec(await preview.innerText())?.[1];
    expect(endDate, 'the preview names the end date').toBeTruthy();
    await expectNoViolations(agent, 'case page with a match preview');
    await agent.getByRole('button', { name: 'Zuordnen und anwenden' }).click();
    await expect(agent.getByRole('status')).toHaveText('Die Kündigung wurde zugeordnet und angewendet.');
    await expect(agent.getByTestId('case-state')).toHaveText('Erledigt');
    await expect(agent.getByTestId('case-matched')).toHaveText('Ja, einem Kundenkonto zugeordnet');
    await expect(agent.getByTestId('case-effective-end')).toHaveText(endDate!);
    // Applied with its original received time, to the customer's contract.
    const {
      rows: [applied],
    } = await sql.query<{ received_at: Date; effective_end_date: string; end_date: string }>(
      `select c.received_at, c.effective_end_date::text, k.end_date::text
         from cancellations c join contracts k on k.customer_id = c.customer_id where c.id = $1`,
      [declaration!.id],
    );
    expect(applied!.received_at.toISOString()).toBe(declaration!.received_at.toISOString());
    expect(applied!.end_date).toBe(applied!.effective_end_date);
    expect(applied!.effective_end_date.split('-').reverse().join('.')).toBe(endDate);
    // The account's own address is told what was applied.
    const holderMail = await readMail(agent, customer.email, /Deine Kündigung ist eingetragen/);
    expect(holderMail).toContain(`Vertragsende: mit Ablauf des ${endDate}.`);

    // (a2) The declaration that names no account: closing it wants a reason, and its sender gets the answer.
    await agent.goto('/backoffice/cases?kind=cancellation&state=new');
    await agent
      .getByRole('link', { name: /Fall öffnen: Kündigung/ })
      .first()
      .click();
    await expect(agent.getByText(stranger).first()).toBeVisible();
    await expect(agent.getByTestId('case-declaration-kind')).toHaveText('Ordentliche Kündigung');
    const closeReason = agent.getByRole('combobox', { name: 'Grund (Pflichtfeld)' });
    const closeText = agent.getByRole('textbox', { name: 'Text an die erklärende Person' });
    await closeText.fill('Please send us the customer number of your account.');
    await agent.getByRole('button', { name: 'Schließen und Antwort senden' }).click();
    await expect(agent.locator('#case-close-reason-error')).toHaveText('Bitte wählen Sie einen Grund.');
    await expect(closeReason).toHaveAttribute('aria-invalid', 'true');
    await expect(closeReason).toHaveAccessibleDescription('Bitte wählen Sie einen Grund.');
    // What was typed is still there; nothing was closed.
    await expect(closeText).toHaveValue('Please send us the customer number of your account.');
    await expect(agent.getByTestId('case-state')).toHaveText('Neu');
    await expectNoViolations(agent, 'case page with a close refused for want of a reason');
    await closeReason.selectOption({ label: 'Kein Vertrag anhand der Angaben erkennbar' });
    await agent.getByRole('button', { name: 'Schließen und Antwort senden' }).click();
    await expect(agent.getByRole('status')).toHaveText(
      'Der Fall ist geschlossen; die erklärende Person erhält die Antwort.',
    );
    await expect(agent.getByTestId('case-state')).toHaveText('Erledigt');
    await expect(agent.getByTestId('case-outcome')).toHaveText(
      'Geschlossen ohne Anwendung, Grund: Kein Vertrag anhand der Angaben erkennbar: Please send us the customer number of your account.',
    );
    // The answer goes to the address the sender gave, in the language they wrote in.
    const answer = await readMail(agent, stranger, /Our answer to your cancellation/);
    expect(answer).toContain('Hello Max Muster,');
    expect(answer).toContain('The reason: we could not find a contract from the details you gave.');
    expect(answer).toContain('A note from our service team: Please send us the customer number of your account.');

    // (b) The bike report: taken, noted, completed; the reporter is told.
    await agent.goto('/backoffice/cases?kind=bike_report');
    await agent
      .getByRole('link', { name: /Fall öffnen: Fahrradmeldung/ })
      .first()
      .click();
    await expect(agent.getByText(reference)).toBeVisible();
    await agent.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(agent.getByRole('status')).toHaveText('Sie haben den Fall übernommen.');
    await expect(agent.getByTestId('case-state')).toHaveText('In Bearbeitung');
    await agent.getByRole('textbox', { name: 'Notiz' }).fill('Rad abgeholt, Schaden behoben.');
    await agent.getByRole('button', { name: 'Notiz hinzufügen' }).click();
    await expect(agent.getByText('Rad abgeholt, Schaden behoben.')).toBeVisible();
    await agent.getByRole('button', { name: 'Abschließen' }).click();
    await expect(agent.getByRole('status')).toHaveText(
      'Die Meldung ist abgeschlossen; die meldende Person wird benachrichtigt.',
    );
    await expect(agent.getByTestId('case-state')).toHaveText('Erledigt');
    const mail = await readMail(agent, reporter, new RegExp(`Deine Meldung ${reference} ist erledigt`));
    expect(mail).toContain(`deine Meldung ${reference} bearbeitet und abgeschlossen`);
    await agentContext.close();

    // The audit log holds every step of the journey and nothing else, each with its actor, the values of
    // what it changed, and the request's id and keyed address. (The customer's registration and the
    // public cancellation are no staff actions.)
    expectJourneyAudit(await auditEntriesAfter(sql, journeyStart), {
      actors: { [admin.email]: 'admin', [agentLogin.email]: 'agent', [secondAdmin]: 'second admin' },
      expected: [
        'staff.create admin',
        'staff.create second admin',
        'staff.login second admin',
        'staff.confirm second admin',
        'staff.enrol agent',
        'staff.login admin',
        'staff.login agent',
        // (a) the declaration's case viewed, the match previewed and applied, which closes the case.
        'case.view agent',
        'case.match-preview agent',
        'cancellation.match agent',
        'case.close agent',
        // (a2) the other declaration closed with a reason.
        'cancellation.close agent',
        // (b) the bike report's case taken, noted and completed.
        'case.take agent',
        'case.note agent',
        'bike-report.complete agent',
      ],
      changes: {
        'staff.create': ['after'],
        'staff.enrol': ['before', 'after'],
        'staff.confirm': ['before', 'after'],
        'staff.login': ['after'],
        'cancellation.match': ['before', 'after'],
        'cancellation.close': ['before', 'after'],
        'case.close': ['before', 'after'],
        'case.take': ['before', 'after'],
        'case.note': ['after'],
        'bike-report.complete': ['after'],
      },
      views: ['case.view', 'case.match-preview'],
      // The admins are created on the command line, outside any request.
      withoutOrigin: onCommandLine,
    });
  } finally {
    await sql.end();
  }
});

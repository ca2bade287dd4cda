import { createAdmin } from './support/back-office';
import { authenticatorCode } from '../support/authenticator';
import { expectNoViolations } from './support/accessibility';
import { expect, testWithCuttableDatabase } from './support/test';

// A server of its own on a database the operator's command reaches too (DATABASE_URL).
const test = testWithCuttableDatabase();

test('an admin logs in with password and TOTP, creates an agent, sees the audit entries, logs out', async ({
  page,
  browser,
  database,
}) => {
  test.setTimeout(120_000);
  const { login } = await createAdmin(database.url, 'rita.root@example.com', 'Rita Root');

  // No session: the back office sends to its login and comes back after it.
  await page.goto('/backoffice/audit');
  await expect(page).toHaveURL(/\/backoffice\/login\?redirectTo=%2Fbackoffice%2Faudit$/);
  await expectNoViolations(page, 'back office login');
  await page.getByLabel('E-Mail-Adresse').fill('rita.root@example.com');
  await page.getByLabel('Passwort').fill(login.password);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/\/backoffice\/login\/code/);
  // The code an authenticator app shows now, computed by the otpauth package from the printed URI's key.
  await page.getByLabel('Code').fill(authenticatorCode(login.totpSecret));
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/backoffice\/audit$/);
  await expect(page.getByText('Angemeldet als Rita Root (Administration)')).toBeVisible();
  await expectNoViolations(page, 'audit log');

  // Create an agent: the admin sees an enrolment link once, never the agent's password or key.
  await page
    .getByRole('navigation', { name: 'Backoffice-Navigation' })
    .getByRole('link', { name: 'Mitarbeitende' })
    .click();
  await page.getByRole('link', { name: 'Mitarbeitende anlegen' }).click();
  await page.getByLabel('E-Mail-Adresse').fill('alex.agent@example.com');
  await page.getByLabel('Name').fill('Alex Agent');
  await page.getByLabel('Rolle').selectOption('agent');
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.getByRole('heading', { name: 'Das Konto für alex.agent@example.com ist angelegt.' })).toBeVisible();
  const link = (await page.getByTestId('enrolment-link').textContent())!.trim();
  expect(link).toMatch(/\/backoffice\/enrol\?token=[\w-]{43}$/);
  await expect(page.getByTestId('enrolment-secret')).toHaveCount(0);
  await expectNoViolations(page, 'staff enrolment link');

  // The agent follows the link in a browser of their own: key, own password, code, recovery codes.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await agentPage.goto(link);
  await expect(agentPage.getByTestId('enrolment-uri')).toContainText('otpauth://totp/');
  await expectNoViolations(agentPage, 'enrolment');
  const agentSecret = (await agentPage.getByTestId('enrolment-secret').textContent())!.trim();
  // The server checks what the browser cannot: the password must not contain the email address.
  await agentPage.getByLabel('Passwort').fill('alex.agent-im-Service-2026');
  await agentPage.getByLabel('Code aus der Authenticator-App').fill(authenticatorCode(agentSecret));
  await agentPage.getByRole('button', { name: 'Einrichtung abschließen' }).click();
  await expect(agentPage.getByText('Das Passwort darf Ihre E-Mail-Adresse nicht enthalten.')).toBeVisible();
  await agentPage.getByLabel('Passwort').fill('Alex arbeitet im Service 2026');
  await agentPage.getByLabel('Code aus der Authenticator-App').fill(authenticatorCode(agentSecret));
  await agentPage.getByRole('button', { name: 'Einrichtung abschließen' }).click();
  await expect(agentPage.getByTestId('enrolment-recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(agentPage.getByText('Anmelden können Sie sich, sobald eine zweite Administratorin')).toBeVisible();
  await expectNoViolations(agentPage, 'enrolment done');
  // The link works once.
  await agentPage.goto(link);
  await expect(
    agentPage.getByText('Dieser Einrichtungslink ist ungültig, schon benutzt oder abgelaufen.'),
  ).toBeVisible();
  await agentContext.close();

  await page.getByRole('link', { name: 'Mitarbeitende', exact: true }).first().click();
  await expect(page.getByRole('row', { name: /Alex Agent/ })).toContainText('Service');
  // The account waits for a second admin: the one who made it is offered no confirmation.
  await expect(page.getByRole('row', { name: /Alex Agent/ })).toContainText('wartet auf Bestätigung');
  await expect(page.getByRole('row', { name: /Alex Agent/ })).toContainText('Rita Root <rita.root@example.com>');
  await expect(page.getByRole('button', { name: 'Konto von Alex Agent bestätigen' })).toHaveCount(0);
  await expectNoViolations(page, 'staff list');

  // The audit log shows the login and the creation.
  await page
    .getByRole('navigation', { name: 'Backoffice-Navigation' })
    .getByRole('link', { name: 'Protokoll' })
    .click();
  const entries = page.getByRole('table', { name: 'Protokolleinträge' });
  await expect(entries).toContainText('staff.login');
  await expect(entries.getByRole('row', { name: /staff\.create/ }).first()).toContainText('alex.agent@example.com');
  await page.getByLabel('Aktion (z. B. staff.login oder staff.)').fill('staff.create');
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page).toHaveURL(/action=staff\.create/);
  await expect(entries.getByRole('row')).toHaveCount(3);
  // Reading the log is itself in the log: the admin's views and searches so far.
  await page.getByLabel('Aktion (z. B. staff.login oder staff.)').fill('audit.view');
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(entries.getByRole('row', { name: /audit\.view/ }).first()).toContainText('Rita Root');
  await expect(entries.getByRole('row', { name: /audit\.view/ }).first()).toContainText('staff.create');

  // Logout ends the session on the server: the back office asks for a login again.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByText('Sie sind abgemeldet.')).toBeVisible();
  await page.goto('/backoffice');
  await expect(page).toHaveURL(/\/backoffice\/login/);
});

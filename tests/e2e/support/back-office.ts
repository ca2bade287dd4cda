import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type pg from 'pg';
import type { StaffRole } from '../../../app/config/back-office';
import { testStaffTotpKey } from '../../support/app-server';
import { authenticatorCode, secretOfUri } from '../../support/authenticator';
import { expect } from './test';

/** What a staff member needs to log in: the enrolment shown once at creation. */
export interface StaffLogin {
  email: string;
  password: string;
  totpSecret: string;
}

/**
 * `npm run backoffice:create-admin` against the server's database (a spec's own server, see
 * `testWithCuttableDatabase`); returns what it printed and the admin's login.
 */
export async function createAdmin(
  databaseUrl: string,
  email: string,
  name: string,
): Promise<{ printed: string; login: StaffLogin }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'create-admin-'));
  try {
    const { stdout: printed } = await promisify(execFile)(
      process.execPath,
      ['scripts/backoffice-create-admin.mjs', '--email', email, '--name', name],
      {
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          STAFF_TOTP_KEY: testStaffTotpKey,
          LOG_LEVEL: 'warn',
        },
      },
    );
    const password = /^Password: (\S+)$/m.exec(printed)?.[1];
    const uri = /(otpauth:\/\/\S+)/.exec(printed)?.[1];
    if (!password || !uri) throw new Error(`unexpected output:\n${printed}`);
    return { printed, login: { email, password, totpSecret: secretOfUri(uri) } };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Logs in at the back office's login form with password and the TOTP code an authenticator app
 * would show now. Two logins of one person within one TOTP step would be refused as a replay, so
 * a spec logs each staff member in once per step (or waits for the next one).
 */
export async function logInToBackOffice(page: Page, staff: StaffLogin): Promise<void> {
  await page.goto('/backoffice/login');
  await page.getByLabel('E-Mail-Adresse').fill(staff.email);
  await page.getByLabel('Passwort').fill(staff.password);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/\/backoffice\/login\/code/);
  await page.getByLabel('Code').fill(authenticatorCode(staff.totpSecret));
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/backoffice\/login/);
}

/**
 * An admin, logged in on `page`, creates a staff account through the form; the new person follows the
 * enrolment link in a page of their own (no cookies of the admin's), sets `password` and confirms
 * the TOTP key with a code. Returns what they need to log in.
 */
export async function createStaffMember(
  page: Page,
  member: { email: string; name: string; role: StaffRole },
  password = `Backoffice ${member.name} 2026!`,
): Promise<StaffLogin> {
  await page.goto('/backoffice/staff/new');
  await page.getByLabel('E-Mail-Adresse').fill(member.email);
  await page.getByLabel('Name').fill(member.name);
  await page.getByLabel('Rolle').selectOption(member.role);
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  const link = (await page.getByTestId('enrolment-link').textContent())?.trim();
  if (!link) throw new Error('the enrolment link was not shown');
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const ownContext = await browser.newContext();
  try {
    const enrolPage = await ownContext.newPage();
    const totpSecret = await enrol(enrolPage, link, password);
    return { email: member.email, password, totpSecret };
  } finally {
    await ownContext.close();
  }
}

/**
 * A second admin, made on the command line, confirms the named staff members from the staff list in a
 * browser context of their own (an account made in the back office logs in only then). Returns the
 * second admin's email, for a journey's audit log.
 */
export async function confirmBySecondAdmin(page: Page, databaseUrl: string, names: string[]): Promise<string> {
  const email = `sam.second-${randomUUID()}@example.com`;
  const { login } = await createAdmin(databaseUrl, email, 'Sam Second');
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const ownContext = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'de-DE' });
  try {
    const samPage = await ownContext.newPage();
    await logInToBackOffice(samPage, login);
    for (const name of names) {
      await samPage.goto('/backoffice/staff');
      await expect(samPage.getByRole('row', { name: new RegExp(name) })).toContainText('wartet auf Bestätigung');
      await samPage.getByRole('button', { name: `Konto von ${name} bestätigen` }).click();
      await expect(samPage.getByText('Das Konto ist bestätigt')).toBeVisible();
    }
  } finally {
    await ownContext.close();
  }
  return email;
}

/** Follows an enrolment link: sets the password and confirms with the code of the key the page shows. */
export async function enrol(page: Page, link: string, password: string): Promise<string> {
  await page.goto(link);
  const totpSecret = (await page.getByTestId('enrolment-secret').textContent())?.trim();
  if (!totpSecret) throw new Error('the TOTP key was not shown');
  await page.getByLabel('Passwort').fill(password);
  await page.getByLabel('Code aus der Authenticator-App').fill(authenticatorCode(totpSecret));
  await page.getByRole('button', { name: 'Einrichtung abschließen' }).click();
  await expect(page.getByRole('heading', { name: 'Ihr Zugang ist eingerichtet' })).toBeVisible();
  return totpSecret;
}

/** An audit entry as a journey checks it, with its actor's email (null for none). */
export interface JourneyAuditEntry {
  id: number;
  action: string;
  email: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  ipHash: string | null;
}

/** Whether an entry was written on the command line (the first admin's creation), outside any request. */
export function onCommandLine(entry: JourneyAuditEntry): boolean {
  return (entry.after as { via?: string } | null)?.via === 'command line';
}

/** The id of the newest audit entry (0 for none): a journey's entries are the ones after it. */
export async function lastAuditId(sql: pg.Client): Promise<number> {
  const { rows } = await sql.query<{ id: string }>('select coalesce(max(id), 0)::text as id from audit_log');
  return Number(rows[0]!.id);
}

/** Every audit entry written after `afterId`, oldest first. */
export async function auditEntriesAfter(sql: pg.Client, afterId: number): Promise<JourneyAuditEntry[]> {
  const { rows } = await sql.query<JourneyAuditEntry>(
    `select a.id::int as id, a.action, s.email, a.before, a.after, a.request_id as "requestId", a.ip_hash as "ipHash"
       from audit_log a left join staff_accounts s on s.id = a.actor_staff_id
      where a.id > $1 order by a.id`,
    [afterId],
  );
  return rows;
}

/**
 * A journey's audit log, checked whole: the entries written during it are exactly the expected
 * `action actor` pairs (actors named by `actors`, email to name), nothing else and nothing missing;
 * an entry of a change carries the values `changes` names for its action (`before` and, or, `after`),
 * an entry of a view none before (nothing changed); and every entry written for a request carries its
 * id and keyed address (`withoutOrigin` names those written on the command line).
 */
export function expectJourneyAudit(
  entries: JourneyAuditEntry[],
  {
    actors,
    expected,
    changes,
    views,
    withoutOrigin = () => false,
  }: {
    actors: Record<string, string>;
    expected: string[];
    changes: Record<string, ('before' | 'after')[]>;
    views: string[];
    withoutOrigin?: (entry: JourneyAuditEntry) => boolean;
  },
): void {
  const steps = entries.map(
    (entry) => `${entry.action} ${entry.email ? (actors[entry.email] ?? entry.email) : 'nobody'}`,
  );
  expect([...new Set(steps)].sort()).toEqual([...new Set(expected)].sort());
  for (const entry of entries) {
    for (const field of changes[entry.action] ?? []) {
      expect(entry[field], `${entry.action} #${entry.id}: ${field}`).not.toBeNull();
    }
    if (views.includes(entry.action)) expect(entry.before, `${entry.action} #${entry.id}: before`).toBeNull();
    if (!withoutOrigin(entry)) {
      expect(entry.requestId, `${entry.action} #${entry.id}: request id`).toBeTruthy();
      expect(entry.ipHash, `${entry.action} #${entry.id}: keyed address`).toBeTruthy();
    }
  }
  // Every action is either a change with its values or a view: a new kind of entry must be placed.
  for (const action of new Set(entries.map((entry) => entry.action))) {
    expect(action in changes || views.includes(action), `${action} is neither a change nor a view here`).toBe(true);
  }
}

import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
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

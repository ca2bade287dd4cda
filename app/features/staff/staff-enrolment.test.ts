import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '~/context';
import { auditLog, staffAccounts, staffEnrolments } from '~/db/schema';
import { retentionRules } from '~/features/retention/retention-rules.server';
import { testServices } from '../../../tests/support/route-harness';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { authenticatorCode } from '../../../tests/support/authenticator';
import { createStaffAccount } from './staff-accounts.server';
import { confirmStaffAccount } from './staff-confirmation.server';
import { completeEnrolment, inviteStaffMember, openEnrolment, reenrolStaffMember } from './staff-enrolment.server';
import { staffPasswordStep } from './staff-login.server';
import { createStaffSession, readStaffSession } from './staff-sessions.server';

const password = 'lange Radtour am Fluss 2026';
const hour = 60 * 60 * 1000;

describe.each(databaseBackends)('staff enrolment links on %s', (backend) => {
  let database: TestDatabase;
  let services: AppServices;
  let admin: string;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await database?.dispose();
  });

  async function start() {
    database = await createTestDatabase(backend);
    services = testServices(database.handle);
    const outcome = await createStaffAccount(
      services,
      { email: 'root@example.com', displayName: 'Root', role: 'admin' },
      null,
    );
    if (outcome.kind !== 'created') throw new Error('admin not created');
    admin = outcome.enrolment.staffId;
  }

  async function invite(email = 'alex@example.com') {
    const outcome = await inviteStaffMember(services, { email, displayName: 'Alex', role: 'agent' }, admin);
    if (outcome.kind !== 'invited') throw new Error('not invited');
    return outcome;
  }

  const logIn = (email: string, secret: string) =>
    staffPasswordStep(services, { email, password: secret, ip: '192.0.2.7', userAgent: 'test' });

  it('lets the invited person set a password and take the key; the link works once and nobody else sees either', async () => {
    await start();
    const { staffId, token } = await invite();
    expect(
      await inviteStaffMember(services, { email: 'ALEX@example.com', displayName: 'Twin', role: 'admin' }, admin),
    ).toEqual({ kind: 'email-taken' });

    // Before the enrolment the account has no password and does not log in.
    const [stored] = await services.db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
    expect(stored!.passwordHash).toBeNull();
    expect((await logIn('alex@example.com', password)).ok).toBe(false);

    const open = await openEnrolment(services, token);
    expect(open).toMatchObject({ staffId, email: 'alex@example.com', displayName: 'Alex' });
    const code = authenticatorCode(open!.totpSecret);

    expect(await completeEnrolment(services, { token, password: 'short', code })).toEqual({
      ok: false,
      error: 'password',
      message: 'password.too-short',
    });
    expect(await completeEnrolment(services, { token, password: 'alex-and-the-river', code })).toMatchObject({
      error: 'password',
      message: 'password.contains-email',
    });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await completeEnrolment(services, { token, password, code: wrong })).toEqual({ ok: false, error: 'code' });

    const enrolled = await completeEnrolment(services, { token, password, code });
    expect(enrolled).toMatchObject({ ok: true, email: 'alex@example.com', awaitingConfirmation: true });
    if (!enrolled.ok) throw new Error('not enrolled');
    expect(new Set(enrolled.recoveryCodes).size).toBe(10);

    // Used up: a second submit and a second visit find nothing.
    expect(await completeEnrolment(services, { token, password, code })).toEqual({ ok: false, error: 'link' });
    expect(await openEnrolment(services, token)).toBeNull();
    expect(await openEnrolment(services, 'not-a-token')).toBeNull();

    // The password works once a second admin has confirmed the account (staff-confirmation.test.ts).
    expect((await logIn('alex@example.com', password)).ok).toBe(false);
    const second = await createStaffAccount(
      services,
      { email: 'second@example.com', displayName: 'Second', role: 'admin' },
      null,
    );
    if (second.kind !== 'created') throw new Error('second admin not created');
    const [shown] = await services.db
      .select({ enrolledAt: staffAccounts.enrolledAt })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId));
    expect(await confirmStaffAccount(services, second.enrolment.staffId, staffId, shown!.enrolledAt!)).toBe(
      'confirmed',
    );
    expect((await logIn('alex@example.com', password)).ok).toBe(true);

    const entries = await services.db.select().from(auditLog).orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.actorStaffId, entry.subjectId])).toEqual([
      ['staff.create', admin, admin],
      ['staff.create', admin, staffId],
      ['staff.login-failed', null, staffId],
      ['staff.enrol', staffId, staffId],
      ['staff.login-failed', null, staffId],
      ['staff.create', second.enrolment.staffId, second.enrolment.staffId],
      ['staff.confirm', second.enrolment.staffId, staffId],
    ]);
    expect(entries[1]!.after).toMatchObject({ via: 'enrolment link', role: 'agent' });
    expect(entries[3]).toMatchObject({
      before: { enrolled: false },
      after: { enrolled: true, totpConfirmed: true, recoveryCodes: 10 },
    });
    expect(JSON.stringify(entries[3]!.after)).not.toContain(password);
  });

  it('refuses a link after its 72 hours, and two submits at once enrol once', async () => {
    await start();
    const { token } = await invite();
    const open = await openEnrolment(services, token);
    expect(await openEnrolment(services, token, new Date(Date.now() + 73 * hour))).toBeNull();

    const code = authenticatorCode(open!.totpSecret);
    const outcomes = await Promise.all([
      completeEnrolment(services, { token, password, code }),
      completeEnrolment(services, { token, password, code }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
  });

  it('enrols again: password, key, recovery codes, sessions and the old link end; never for oneself', async () => {
    await start();
    const first = await invite();
    const firstOpen = await openEnrolment(services, first.token);
    const enrolled = await completeEnrolment(services, {
      token: first.token,
      password,
      code: authenticatorCode(firstOpen!.totpSecret),
    });
    expect(enrolled.ok).toBe(true);
    const { token: sessionToken } = await createStaffSession(services.db, first.staffId, 'active', 'Firefox');

    expect(await reenrolStaffMember(services, admin, admin)).toEqual({ kind: 'self' });
    const again = await reenrolStaffMember(services, admin, first.staffId);
    if (again.kind !== 'link') throw new Error('no new link');
    expect(again.email).toBe('alex@example.com');

    expect(await readStaffSession(services.db, sessionToken)).toBeNull();
    expect((await logIn('alex@example.com', password)).ok).toBe(false);
    const secondOpen = await openEnrolment(services, again.token);
    expect(secondOpen!.totpSecret).not.toBe(firstOpen!.totpSecret);

    const actions = await services.db.select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.id);
    expect(actions.map((entry) => entry.action)).toContain('staff.reenrol');
  });

  it('lets the retention job delete used and expired links and keep open ones', async () => {
    await start();
    const used = await invite('used@example.com');
    const usedOpen = await openEnrolment(services, used.token);
    await completeEnrolment(services, {
      token: used.token,
      password,
      code: authenticatorCode(usedOpen!.totpSecret),
    });
    await inviteStaffMember(
      services,
      { email: 'late@example.com', displayName: 'Late', role: 'agent' },
      admin,
      {},
      new Date(Date.now() - 80 * hour),
    );
    const open = await invite('open@example.com');
    const rule = retentionRules.find((candidate) => candidate.name === 'used and expired staff enrolment links');
    expect(await rule!.apply(services.db, new Date())).toBe(2);
    const left = await services.db.select({ staffId: staffEnrolments.staffId }).from(staffEnrolments);
    expect(left).toEqual([{ staffId: open.staffId }]);
  });
});

import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '~/context';
import { auditLog, staffAccounts } from '~/db/schema';
import type { StaffRole } from '~/config/back-office';
import { testServices } from '../../../tests/support/route-harness';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { authenticatorCode } from '../../../tests/support/authenticator';
import { createStaffAccount, deactivateStaffAccount, listStaffAccounts } from './staff-accounts.server';
import { confirmStaffAccount, mayConfirm } from './staff-confirmation.server';
import { completeEnrolment, inviteStaffMember, openEnrolment, reenrolStaffMember } from './staff-enrolment.server';
import { staffPasswordStep, staffSecondFactorStep } from './staff-login.server';
import { createStaffSession, readStaffSession } from './staff-sessions.server';

const password = 'lange Radtour am Fluss 2026';

describe.each(databaseBackends)('second admin confirming staff accounts on %s', (backend) => {
  let database: TestDatabase;
  let services: AppServices;
  /** Two admins made on the command line, as an operator starts a team. */
  let rita: string;
  let sam: string;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await database?.dispose();
  });

  async function commandLineAdmin(email: string) {
    const outcome = await createStaffAccount(services, { email, displayName: email, role: 'admin' }, null);
    if (outcome.kind !== 'created') throw new Error('admin not created');
    return outcome.enrolment.staffId;
  }

  async function start() {
    database = await createTestDatabase(backend);
    services = testServices(database.handle);
    rita = await commandLineAdmin('rita@example.com');
    sam = await commandLineAdmin('sam@example.com');
  }

  /** An account invited by `by`: its id and its link's token. */
  async function invite(email: string, role: StaffRole, by: string) {
    const invited = await inviteStaffMember(services, { email, displayName: email, role }, by);
    if (invited.kind !== 'invited') throw new Error('not invited');
    return invited;
  }

  /** Invited by `by` and enrolled through the link by the person (or whoever holds it). */
  async function invitedAndEnrolled(email: string, role: StaffRole, by: string) {
    const invited = await invite(email, role, by);
    await enrol(invited.token);
    return invited.staffId;
  }

  /** The token of a new link for the account, issued by `by` (who enrols it again). */
  async function newLink(by: string, staffId: string) {
    const again = await reenrolStaffMember(services, by, staffId);
    if (again.kind !== 'link') throw new Error('no new link');
    return again.token;
  }

  async function enrol(token: string) {
    const open = await openEnrolment(services, token);
    const enrolled = await completeEnrolment(services, {
      token,
      password,
      code: authenticatorCode(open!.totpSecret),
    });
    if (!enrolled.ok) throw new Error('not enrolled');
    return enrolled;
  }

  const logsIn = async (email: string) =>
    (await staffPasswordStep(services, { email, password, ip: '192.0.2.7', userAgent: 'test' })).ok;

  /** When the account's latest enrolment was completed, as a freshly shown staff list has it. */
  const shown = async (staffId: string) => {
    const [row] = await services.db
      .select({ at: staffAccounts.enrolledAt })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId));
    return row?.at ?? new Date(0);
  };
  /** `admin` confirms the account from a staff list shown just now. */
  const confirm = async (admin: string, staffId: string) =>
    confirmStaffAccount(services, admin, staffId, await shown(staffId));

  const confirmation = async (staffId: string) => {
    const [row] = await services.db
      .select({ at: staffAccounts.confirmedAt, by: staffAccounts.confirmedBy })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId));
    return row!;
  };

  it('lets an account made on the command line log in at once, one made in the back office after a second admin', async () => {
    await start();
    expect(await confirmation(rita)).toMatchObject({ by: null });
    expect((await confirmation(rita)).at).toBeInstanceOf(Date);

    const finn = await invitedAndEnrolled('finn@example.com', 'finance', rita);
    expect(await logsIn('finn@example.com')).toBe(false);
    expect(await confirm(rita, finn)).toBe('set-up-by-you');
    expect(await logsIn('finn@example.com')).toBe(false);

    // The same answer as a wrong password; the audit log tells the admins which it was.
    const wrong = { email: 'finn@example.com', password: 'not the password 2026', ip: '192.0.2.7', userAgent: 'test' };
    expect(await staffPasswordStep(services, wrong)).toEqual({ ok: false, error: 'invalid' });
    const refusals = await services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.login-failed'))
      .orderBy(auditLog.id);
    expect(refusals.map((entry) => entry.after)).toEqual([
      { step: 'password', reason: 'awaiting-confirmation' },
      { step: 'password', reason: 'awaiting-confirmation' },
      { step: 'password', reason: 'wrong' },
    ]);
    expect(await confirm(sam, finn)).toBe('confirmed');
    expect(await confirmation(finn)).toMatchObject({ by: sam });
    expect(await logsIn('finn@example.com')).toBe(true);
    expect(await confirm(sam, finn)).toBe('not-awaiting');

    const [entry] = await services.db.select().from(auditLog).where(eq(auditLog.action, 'staff.confirm'));
    expect(entry).toMatchObject({
      actorStaffId: sam,
      subjectId: finn,
      before: { confirmed: false },
      after: { confirmed: true, createdBy: rita, enrolledBy: rita },
    });
  });

  it('confirms an enrolment, not an open link, and only the enrolment the admin was shown', async () => {
    await start();
    const invited = await invite('alex@example.com', 'agent', rita);
    // Nobody can be asked yet whether they hold the link: Rita could follow it herself.
    expect(await confirm(sam, invited.staffId)).toBe('not-enrolled');
    expect(await enrol(invited.token)).toMatchObject({ awaitingConfirmation: true });
    const samSaw = await shown(invited.staffId);

    // Rita enrols the account again and follows the new link before Sam, on the page he opened earlier, confirms.
    const again = await newLink(rita, invited.staffId);
    await enrol(again);
    expect(await confirmStaffAccount(services, sam, invited.staffId, samSaw)).toBe('changed');
    expect(await logsIn('alex@example.com')).toBe(false);
    expect(await confirm(sam, invited.staffId)).toBe('confirmed');
    expect(await logsIn('alex@example.com')).toBe(true);
  });

  it('asks again after an enrolment again, of an admin who did not issue the new link', async () => {
    await start();
    const finn = await invitedAndEnrolled('finn@example.com', 'finance', rita);
    expect(await confirm(sam, finn)).toBe('confirmed');
    const { token } = await createStaffSession(services.db, finn, 'active', 'Firefox');

    // Rita holds the new link now: the account waits again, for Sam, and its sessions have ended.
    const again = await newLink(rita, finn);
    expect(await confirmation(finn)).toEqual({ at: null, by: null });
    expect(await enrol(again)).toMatchObject({ awaitingConfirmation: true });
    expect(await logsIn('finn@example.com')).toBe(false);
    expect(await confirm(rita, finn)).toBe('set-up-by-you');
    expect(await readStaffSession(services.db, token)).toBeNull();
    // A session of an account that waits opens nothing, however it came about.
    const { token: early } = await createStaffSession(services.db, finn, 'active', 'Firefox');
    expect(await readStaffSession(services.db, early)).toBeNull();

    expect(await confirm(sam, finn)).toBe('confirmed');
    expect(await logsIn('finn@example.com')).toBe(true);
    expect(await readStaffSession(services.db, early)).toMatchObject({ staffId: finn });
  });

  it('lets no first step from before an enrolment again finish the login', async () => {
    await start();
    const finn = await invitedAndEnrolled('finn@example.com', 'finance', rita);
    expect(await confirm(sam, finn)).toBe('confirmed');
    const again = await newLink(rita, finn);
    const open = await openEnrolment(services, again);
    const enrolled = await enrol(again);
    expect(await confirm(sam, finn)).toBe('confirmed');

    // A password step with the old password whose half-logged-in session was written just after the
    // enrolment again ended the others: it is older than the new enrolment.
    const before = new Date((await shown(finn)).getTime() - 1000);
    const stale = await createStaffSession(services.db, finn, 'second-factor', 'test', before);
    const second = (pendingToken: string, code: string) =>
      staffSecondFactorStep(services, { pendingToken, code, ip: '192.0.2.7', userAgent: 'test' });
    expect(await second(stale.token, enrolled.recoveryCodes[0]!)).toEqual({ ok: false, error: 'expired' });

    const fresh = await createStaffSession(services.db, finn, 'second-factor', 'test');
    expect(await second(fresh.token, authenticatorCode(open!.totpSecret))).toMatchObject({ ok: true });
  });

  it('refuses oneself, an unknown or deactivated account, and an admin who set the account up', async () => {
    await start();
    const invited = await invite('ada@example.com', 'admin', rita);
    const ada = invited.staffId;
    expect(await confirm(ada, ada)).toBe('set-up-by-you');
    expect(await confirm(sam, '00000000-0000-4000-8000-000000000000')).toBe('not-found');

    // An account one admin created and another enrolled again waits for a third.
    await newLink(sam, ada);
    expect(await confirm(rita, ada)).toBe('set-up-by-you');
    expect(await confirm(sam, ada)).toBe('set-up-by-you');
    const tom = await commandLineAdmin('tom@example.com');

    expect(await deactivateStaffAccount(services, rita, ada)).toBe('deactivated');
    expect(await confirm(tom, ada)).toBe('not-awaiting');
    expect(await confirmation(ada)).toEqual({ at: null, by: null });
  });

  it('makes one confirmation of two admins confirming at once', async () => {
    await start();
    const tom = await commandLineAdmin('tom@example.com');
    const finn = await invitedAndEnrolled('finn@example.com', 'finance', rita);
    const both = await shown(finn);
    const outcomes = await Promise.all([
      confirmStaffAccount(services, sam, finn, both),
      confirmStaffAccount(services, tom, finn, both),
    ]);
    expect(outcomes.sort()).toEqual(['confirmed', 'not-awaiting']);
    const entries = await services.db.select().from(auditLog).where(eq(auditLog.action, 'staff.confirm'));
    expect(entries).toHaveLength(1);
  });

  it('lists which accounts wait, and whom the list may offer the confirmation', async () => {
    await start();
    const finn = await invitedAndEnrolled('finn@example.com', 'finance', rita);
    const { staff } = await listStaffAccounts(services, 1);
    const listed = staff.find((entry) => entry.id === finn)!;
    expect(listed).toMatchObject({ awaitingConfirmation: true, createdBy: rita, enrolledBy: rita });
    expect(staff.find((entry) => entry.id === rita)).toMatchObject({ awaitingConfirmation: false });
    expect(mayConfirm(listed, rita)).toBe(false);
    expect(mayConfirm(listed, finn)).toBe(false);
    expect(mayConfirm(listed, sam)).toBe(true);
  });
});

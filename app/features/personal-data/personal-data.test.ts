import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  accountTokens,
  contracts,
  creditLedger,
  customers,
  outbox,
  paymentMethods,
  phoneVerifications,
  sessions,
  smsOutbox,
  trips,
} from '~/db/schema';
import { logIn } from '~/features/accounts/login.server';
import { requestPasswordReset, resetPassword } from '~/features/accounts/password-reset.server';
import { verifyPassword } from '~/shared/security/passwords.server';
import { registerCustomer } from '~/features/accounts/registration.server';
import { createSession, hashToken, readSession, type CurrentSession } from '~/features/accounts/sessions.server';
import {
  createAccountFixture,
  registration,
  tokenFromMail,
  type AccountFixture,
} from '../../../tests/support/account-fixtures';
import { createTestDatabase, databaseBackends } from '../../../tests/support/test-databases';
import { requestAccountDeletion } from './account-deletion.server';
import type { PersonalDataContext } from './context.server';
import { exportPersonalData } from './data-export.server';
import { cancelEmailChange, confirmEmailChange, pendingEmailChange, requestEmailChange } from './email-change.server';
import { changePassword } from './password-change.server';
import { confirmPhoneCode, pendingPhoneChange, requestPhoneCode } from './phone-change.server';
import { personalDataPolicy } from './policy';
import { endOtherSession, endOtherSessions, listedSessionsLimit, listSessions, sessionRef } from './sessions.server';

const password = 'Radfahren im Regen ist schön';
const minute = 60 * 1000;
const hour = 60 * minute;

describe.each(databaseBackends)('personal data on %s', (backend) => {
  let fixture: AccountFixture;
  let ctx: PersonalDataContext;
  let sentSms: { to: string; text: string }[];
  // The first database of a run migrates a template (seconds on a busy machine); later ones clone it.
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await fixture?.database.dispose();
  });

  async function setUp() {
    fixture = await createAccountFixture(backend);
    sentSms = [];
    ctx = {
      ...fixture.context,
      codeSecret: 'test-secret-'.padEnd(43, 'x'),
      onSmsQueued: (to, text) => void sentSms.push({ to, text }),
    };
  }

  /** A registered customer with a session that logged in at `loggedInAt`. */
  async function customer(email: string, loggedInAt = new Date()) {
    const outcome = await registerCustomer(ctx, registration({ email }), { locale: 'de' });
    if (outcome.kind !== 'created') throw new Error(`registration of ${email} failed`);
    return { id: outcome.customerId, ...(await login(outcome.customerId, loggedInAt)) };
  }

  async function login(
    customerId: string,
    at = new Date(),
    userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
  ) {
    const { token } = await createSession(ctx.db, customerId, userAgent, at);
    const session = (await readSession(ctx.db, token, at)) as CurrentSession;
    return { token, session, actor: { session, clientIp: '192.0.2.10', locale: 'de' as const } };
  }

  const emailOf = async (id: string) =>
    (await ctx.db.select({ email: customers.email }).from(customers).where(eq(customers.id, id)))[0]?.email;
  const mailsTo = async (to: string) =>
    (await ctx.db.select().from(outbox).where(eq(outbox.recipient, to))).map((mail) => mail.kind);
  const lastMailTo = (to: string) => [...fixture.queuedMails].reverse().find((mail) => mail.to === to);

  describe('email change', () => {
    it('applies only once the link sent to the new address is confirmed; the old address gets a notice', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      expect(await requestEmailChange(ctx, erika.actor, { email: ' Erika.Neu@Example.org ' })).toEqual({ ok: true });

      // Nothing has changed yet; the change waits with the new address as the token's payload.
      expect(await emailOf(erika.id)).toBe('erika@example.org');
      expect(await pendingEmailChange(ctx.db, erika.id)).toMatchObject({ email: 'erika.neu@example.org' });
      expect(await mailsTo('erika.neu@example.org')).toEqual(['email-change-confirm']);
      expect(await mailsTo('erika@example.org')).toEqual(['verify-email', 'email-change-notice']);
      expect(lastMailTo('erika@example.org')?.text).toContain('e…u@example.org');

      const token = tokenFromMail(lastMailTo('erika.neu@example.org')!.text);
      expect(lastMailTo('erika.neu@example.org')!.text).toContain(
        'https://kunden.example.com/de/email-aenderung-bestaetigen?token=',
      );
      // Only the token's hash is stored.
      const [stored] = await ctx.db.select().from(accountTokens).where(eq(accountTokens.purpose, 'change-email'));
      expect(stored?.tokenHash).toBe(hashToken(token));
      expect(JSON.stringify(stored)).not.toContain(token);

      const confirmed = await confirmEmailChange(ctx, token);
      expect(confirmed).toEqual({ ok: true, email: 'erika.neu@example.org' });
      const [row] = await ctx.db.select().from(customers).where(eq(customers.id, erika.id));
      expect(row?.email).toBe('erika.neu@example.org');
      expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
      // The new address logs in; the old one does not.
      expect(
        await logIn(ctx, { email: 'erika.neu@example.org', password, ip: '192.0.2.1', userAgent: 't' }),
      ).toMatchObject({ ok: true });
      expect(await logIn(ctx, { email: 'erika@example.org', password, ip: '192.0.2.1', userAgent: 't' })).toMatchObject(
        {
          ok: false,
        },
      );
    });

    it('accepts a link once, and only for 24 hours', async () => {
      await setUp();
      const now = new Date();
      const erika = await customer('erika@example.org', now);
      await requestEmailChange(ctx, erika.actor, { email: 'first@example.org' }, now);
      const first = tokenFromMail(lastMailTo('first@example.org')!.text);
      expect(await confirmEmailChange(ctx, first, new Date(now.getTime() + 24 * hour - 1000))).toMatchObject({
        ok: true,
      });
      expect(await confirmEmailChange(ctx, first, new Date(now.getTime() + 24 * hour - 500))).toEqual({
        ok: false,
        error: 'email-change.link-used',
      });

      const bob = await customer('bob@example.org', now);
      await requestEmailChange(ctx, bob.actor, { email: 'second@example.org' }, now);
      const second = tokenFromMail(lastMailTo('second@example.org')!.text);
      expect(await confirmEmailChange(ctx, second, new Date(now.getTime() + 24 * hour + 1000))).toEqual({
        ok: false,
        error: 'email-change.link-expired',
      });
      expect(await emailOf(bob.id)).toBe('bob@example.org');
      expect(await confirmEmailChange(ctx, 'x'.repeat(43))).toEqual({ ok: false, error: 'email-change.link-invalid' });
    });

    it('makes older links useless when a newer change is asked for or the change is withdrawn', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      await requestEmailChange(ctx, erika.actor, { email: 'one@example.org' });
      const older = tokenFromMail(lastMailTo('one@example.org')!.text);
      await requestEmailChange(ctx, erika.actor, { email: 'two@example.org' });
      expect(await confirmEmailChange(ctx, older)).toEqual({ ok: false, error: 'email-change.link-invalid' });
      const newer = tokenFromMail(lastMailTo('two@example.org')!.text);
      await cancelEmailChange(ctx.db, erika.id);
      expect(await confirmEmailChange(ctx, newer)).toEqual({ ok: false, error: 'email-change.link-invalid' });
      expect(await emailOf(erika.id)).toBe('erika@example.org');
    });

    it('needs the current password when the last login is more than 15 minutes ago', async () => {
      await setUp();
      const erika = await customer('erika@example.org', new Date(Date.now() - 16 * minute));
      const input = { email: 'neu@example.org' };
      expect(await requestEmailChange(ctx, erika.actor, input)).toEqual({
        ok: false,
        field: 'currentPassword',
        error: 'reauth.required',
      });
      expect(await requestEmailChange(ctx, erika.actor, { ...input, currentPassword: 'wrong password!' })).toEqual({
        ok: false,
        field: 'currentPassword',
        error: 'reauth.wrong',
      });
      expect(await mailsTo('neu@example.org')).toEqual([]);
      expect(await requestEmailChange(ctx, erika.actor, { ...input, currentPassword: password })).toEqual({ ok: true });
    });

    it('does not reveal an address of another account: same answer, and the owner gets a note instead of a link', async () => {
      await setUp();
      await customer('taken@example.org');
      const erika = await customer('erika@example.org');
      expect(await requestEmailChange(ctx, erika.actor, { email: 'taken@example.org' })).toEqual({ ok: true });
      expect(await mailsTo('taken@example.org')).toEqual(['verify-email', 'email-change-taken']);
      expect(lastMailTo('taken@example.org')?.text).not.toMatch(/token=/);
      expect(await mailsTo('erika@example.org')).toEqual(['verify-email', 'email-change-notice']);
      // The pending change looks like any other.
      expect(await pendingEmailChange(ctx.db, erika.id)).toMatchObject({ email: 'taken@example.org' });
    });

    it('refuses the change at confirmation when the address was registered in the meantime', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      await requestEmailChange(ctx, erika.actor, { email: 'soon-taken@example.org' });
      const token = tokenFromMail(lastMailTo('soon-taken@example.org')!.text);
      await customer('soon-taken@example.org');
      expect(await confirmEmailChange(ctx, token)).toEqual({ ok: false, error: 'email-change.taken' });
      expect(await emailOf(erika.id)).toBe('erika@example.org');
    });

    it('limits the mails: a few requests per customer and hour, and the same address as itself is refused', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      expect(await requestEmailChange(ctx, erika.actor, { email: 'erika@example.org' })).toEqual({
        ok: false,
        field: 'email',
        error: 'email-change.same',
      });
      for (let i = 0; i < personalDataPolicy.emailChangesPerHour; i++) {
        expect(await requestEmailChange(ctx, erika.actor, { email: `n${i}@example.org` })).toEqual({ ok: true });
      }
      expect(await requestEmailChange(ctx, erika.actor, { email: 'more@example.org' })).toEqual({
        ok: false,
        error: 'email-change.too-many',
      });
      expect(await mailsTo('more@example.org')).toEqual([]);
    });
  });

  describe('phone change', () => {
    const newNumber = '+491712345678';
    const codeFromSms = () => /\b(\d{6})\b/.exec(sentSms.at(-1)?.text ?? '')?.[1] ?? '';
    const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const phoneOf = async (id: string) =>
      (await ctx.db.select({ phone: customers.phoneE164 }).from(customers).where(eq(customers.id, id)))[0]?.phone;

    it('sends a 6-digit code by SMS, stores only its keyed hash, and changes the number with the right code', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      expect(await requestPhoneCode(ctx, erika.actor, '+4915123456789')).toEqual({
        ok: false,
        field: 'phone',
        error: 'phone-change.same-number',
      });
      expect(await requestPhoneCode(ctx, erika.actor, newNumber)).toEqual({ ok: true });
      const code = codeFromSms();
      expect(code).toMatch(/^\d{6}$/);
      const [queued] = await ctx.db.select().from(smsOutbox);
      expect(queued).toMatchObject({ recipient: newNumber, sentAt: null });
      expect(queued?.text).toContain(code);
      const [verification] = await ctx.db.select().from(phoneVerifications);
      expect(verification?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(verification?.codeHash).not.toContain(code);

      expect(await phoneOf(erika.id)).toBe('+4915123456789');
      expect(await confirmPhoneCode(ctx, erika.actor, code)).toEqual({ ok: true, phoneE164: newNumber });
      expect(await phoneOf(erika.id)).toBe(newNumber);
      expect(await mailsTo('erika@example.org')).toContain('phone-changed');
      // A code works once.
      expect(await confirmPhoneCode(ctx, erika.actor, code)).toEqual({ ok: false, error: 'phone-change.no-code' });
    });

    it('is valid for 10 minutes', async () => {
      await setUp();
      const now = new Date();
      const erika = await customer('erika@example.org', now);
      await requestPhoneCode(ctx, erika.actor, newNumber, now);
      const code = codeFromSms();
      expect(await confirmPhoneCode(ctx, erika.actor, code, new Date(now.getTime() + 10 * minute + 1000))).toEqual({
        ok: false,
        error: 'phone-change.code-expired',
      });
      expect((await pendingPhoneChange(ctx.db, erika.id, new Date(now.getTime() + 10 * minute + 1000)))?.state).toBe(
        'expired',
      );
      expect(await phoneOf(erika.id)).toBe('+4915123456789');

      await requestPhoneCode(ctx, erika.actor, newNumber, now);
      expect(
        await confirmPhoneCode(ctx, erika.actor, codeFromSms(), new Date(now.getTime() + 10 * minute - 1000)),
      ).toEqual({ ok: true, phoneE164: newNumber });
    });

    it('allows at most 5 tries; then even the right code needs a new one', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      await requestPhoneCode(ctx, erika.actor, newNumber);
      const code = codeFromSms();
      for (const left of [4, 3, 2, 1]) {
        expect(await confirmPhoneCode(ctx, erika.actor, otherCode(code))).toEqual({
          ok: false,
          error: `phone-change.code-wrong?left=${left}`,
        });
      }
      expect(await confirmPhoneCode(ctx, erika.actor, otherCode(code))).toEqual({
        ok: false,
        error: 'phone-change.too-many-tries',
      });
      expect(await confirmPhoneCode(ctx, erika.actor, code)).toEqual({
        ok: false,
        error: 'phone-change.too-many-tries',
      });
      expect((await pendingPhoneChange(ctx.db, erika.id))?.state).toBe('exhausted');
      expect(await phoneOf(erika.id)).toBe('+4915123456789');

      // A new code replaces the used-up one.
      await requestPhoneCode(ctx, erika.actor, newNumber);
      expect(await confirmPhoneCode(ctx, erika.actor, code)).toMatchObject({ ok: false });
      expect(await confirmPhoneCode(ctx, erika.actor, codeFromSms())).toEqual({ ok: true, phoneE164: newNumber });
    });

    it('counts tries made at the same time: never more than 5', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      await requestPhoneCode(ctx, erika.actor, newNumber);
      const wrong = otherCode(codeFromSms());
      await Promise.all(Array.from({ length: 8 }, () => confirmPhoneCode(ctx, erika.actor, wrong)));
      const [row] = await ctx.db.select().from(phoneVerifications);
      expect(row?.attempts).toBe(personalDataPolicy.phoneCode.maxAttempts);
    });

    it('limits the codes per customer and hour', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      for (let i = 0; i < personalDataPolicy.phoneCode.perCustomerPerHour; i++) {
        expect(await requestPhoneCode(ctx, erika.actor, newNumber)).toEqual({ ok: true });
      }
      expect(await requestPhoneCode(ctx, erika.actor, newNumber)).toEqual({
        ok: false,
        error: 'phone-change.too-many-codes',
      });
    });
  });

  describe('password change', () => {
    const newPassword = 'Im Herbst fahre ich lieber mit der Bahn';

    it('signs out every other session, keeps the current one freshly authenticated, and only the new password works', async () => {
      await setUp();
      const start = new Date(Date.now() - 20 * minute);
      const erika = await customer('erika@example.org', start);
      const phone = await login(erika.id, start, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/605.1');
      const bob = await customer('bob@example.org');

      expect(await changePassword(ctx, erika.actor, { currentPassword: password, newPassword })).toEqual({
        ok: true,
        otherSessionsEnded: true,
      });
      expect(await readSession(ctx.db, phone.token)).toBeNull();
      const current = await readSession(ctx.db, erika.token);
      expect(current).not.toBeNull();
      expect(Date.now() - current!.authenticatedAt.getTime()).toBeLessThan(minute);
      // Another customer's sessions are not touched.
      expect(await readSession(ctx.db, bob.token)).not.toBeNull();

      const [row] = await ctx.db.select().from(customers).where(eq(customers.id, erika.id));
      expect(await verifyPassword(row?.passwordHash, newPassword)).toBe(true);
      expect(await verifyPassword(row?.passwordHash, password)).toBe(false);
      expect(await mailsTo('erika@example.org')).toContain('password-changed');
    });

    it('follows the password policy and refuses a wrong current password', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      const attempt = (currentPassword: string, next: string) =>
        changePassword(ctx, erika.actor, { currentPassword, newPassword: next });
      expect(await attempt('wrong password!', newPassword)).toEqual({
        ok: false,
        field: 'currentPassword',
        error: 'password-change.wrong-current',
      });
      expect(await attempt(password, 'kurz')).toMatchObject({ field: 'newPassword', error: 'password.too-short' });
      expect(await attempt(password, 'mein erika passwort ist lang')).toMatchObject({
        field: 'newPassword',
        error: 'password.contains-email',
      });
      expect(await attempt(password, 'passwort123456')).toMatchObject({
        field: 'newPassword',
        error: 'password.too-common',
      });
      expect(await attempt(password, password)).toMatchObject({ field: 'newPassword', error: 'password-change.same' });
    });

    it('counts wrong current passwords against the login limits', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      for (let i = 0; i < 5; i++) {
        expect(
          await changePassword(ctx, erika.actor, { currentPassword: `wrong password ${i}`, newPassword }),
        ).toMatchObject({ error: 'password-change.wrong-current' });
      }
      // The account now waits: the change and even a login with the right password are refused.
      expect(await changePassword(ctx, erika.actor, { currentPassword: password, newPassword })).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^login\.wait\?minutes=\d+$/),
      });
      expect(
        await logIn(ctx, { email: 'erika@example.org', password, ip: '192.0.2.99', userAgent: 't' }),
      ).toMatchObject({ ok: false, error: 'login.wait' });
    });
  });

  describe('a new password', () => {
    const newPassword = 'Im Herbst fahre ich lieber mit der Bahn';

    /** Someone with a session of Erika's starts changes to their own address and number. */
    async function pendingChangesOf(erika: Awaited<ReturnType<typeof customer>>) {
      const intruder = await login(erika.id);
      await requestEmailChange(ctx, intruder.actor, { email: 'intruder@example.org' });
      const emailToken = tokenFromMail(lastMailTo('intruder@example.org')!.text);
      await requestPhoneCode(ctx, intruder.actor, '+491712345678');
      const code = /\b(\d{6})\b/.exec(sentSms.at(-1)?.text ?? '')?.[1] ?? '';
      return { intruder, emailToken, code };
    }

    const openTokens = async (customerId: string) =>
      (await ctx.db.select().from(accountTokens).where(eq(accountTokens.customerId, customerId)))
        .filter((row) => row.usedAt === null)
        .map((row) => row.purpose);

    it('set by a reset link ends every pending email change, phone code and other reset link', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      const { intruder, emailToken, code } = await pendingChangesOf(erika);
      await requestPasswordReset(ctx, 'erika@example.org', 'de');
      const olderReset = tokenFromMail(lastMailTo('erika@example.org')!.text);
      await requestPasswordReset(ctx, 'erika@example.org', 'de');
      const reset = tokenFromMail(lastMailTo('erika@example.org')!.text);

      expect(await resetPassword(ctx, reset, newPassword)).toEqual({ ok: true });

      expect(await confirmEmailChange(ctx, emailToken)).toEqual({ ok: false, error: 'email-change.link-invalid' });
      expect(await emailOf(erika.id)).toBe('erika@example.org');
      expect(await confirmPhoneCode(ctx, intruder.actor, code)).toEqual({ ok: false, error: 'phone-change.no-code' });
      expect(await resetPassword(ctx, olderReset, 'Noch ein ganz anderes Passwort')).toEqual({
        ok: false,
        error: 'reset.link-invalid',
      });
      // The link that confirms Erika's own address still works.
      expect(await openTokens(erika.id)).toEqual(['verify-email']);
    });

    it('set by a password change ends every pending email change, phone code and reset link', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      const { intruder, emailToken, code } = await pendingChangesOf(erika);
      await requestPasswordReset(ctx, 'erika@example.org', 'de');
      const reset = tokenFromMail(lastMailTo('erika@example.org')!.text);

      expect(await changePassword(ctx, erika.actor, { currentPassword: password, newPassword })).toMatchObject({
        ok: true,
      });

      expect(await confirmEmailChange(ctx, emailToken)).toEqual({ ok: false, error: 'email-change.link-invalid' });
      expect(await confirmPhoneCode(ctx, intruder.actor, code)).toEqual({ ok: false, error: 'phone-change.no-code' });
      expect(await pendingPhoneChange(ctx.db, erika.id)).toBeNull();
      expect(await resetPassword(ctx, reset, 'Noch ein ganz anderes Passwort')).toEqual({
        ok: false,
        error: 'reset.link-invalid',
      });
      expect(await openTokens(erika.id)).toEqual(['verify-email']);
    });
  });

  describe('sessions', () => {
    it('lists the customer’s sessions without their hashes and ends only the customer’s own', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      const tablet = await login(
        erika.id,
        new Date(),
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Version/17.0 Safari/605.1',
      );
      const bob = await customer('bob@example.org');

      const { entries: list, more } = await listSessions(ctx.db, erika.id, erika.session.idHash);
      expect(more).toBe(0);
      expect(list.map((entry) => [entry.current, entry.device.browser, entry.device.system])).toEqual([
        [true, 'Firefox', 'Linux'],
        [false, 'Safari', 'iPad'],
      ]);
      expect(JSON.stringify(list)).not.toContain(erika.session.idHash);
      expect(JSON.stringify(list)).not.toContain(tablet.session.idHash);

      // Bob's session, named by its reference, cannot be ended from Erika's account.
      expect(await endOtherSession(ctx.db, erika.id, erika.session.idHash, sessionRef(bob.session.idHash))).toBe(
        'not-found',
      );
      expect(await readSession(ctx.db, bob.token)).not.toBeNull();
      // Nor her own current one (that is what logout is for).
      expect(await endOtherSession(ctx.db, erika.id, erika.session.idHash, sessionRef(erika.session.idHash))).toBe(
        'not-found',
      );
      expect(await endOtherSession(ctx.db, erika.id, erika.session.idHash, sessionRef(tablet.session.idHash))).toBe(
        'ended',
      );
      expect(await readSession(ctx.db, tablet.token)).toBeNull();
      expect(await readSession(ctx.db, erika.token)).not.toBeNull();
    });

    it('signs out everywhere else, but not the current session and not other customers', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      const others = [await login(erika.id), await login(erika.id)];
      const bob = await customer('bob@example.org');
      expect(await endOtherSessions(ctx.db, erika.id, erika.session.idHash)).toBe(2);
      for (const other of others) expect(await readSession(ctx.db, other.token)).toBeNull();
      expect(await readSession(ctx.db, erika.token)).not.toBeNull();
      expect(await readSession(ctx.db, bob.token)).not.toBeNull();
    });

    it('lists the current session and the most recently used others, and counts the rest', async () => {
      await setUp();
      // The current session is the oldest: it still comes first.
      const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      const erika = await customer('erika@example.org', minutesAgo(100));
      const others = [];
      for (let minutes = listedSessionsLimit + 2; minutes >= 1; minutes--) {
        others.push(await login(erika.id, minutesAgo(minutes)));
      }
      const { entries, more } = await listSessions(ctx.db, erika.id, erika.session.idHash);
      expect(entries).toHaveLength(listedSessionsLimit);
      expect(more).toBe(3);
      expect(entries[0]?.current).toBe(true);
      const newestFirst = others.reverse().slice(0, listedSessionsLimit - 1);
      expect(entries.slice(1).map((entry) => entry.ref)).toEqual(
        newestFirst.map((other) => sessionRef(other.session.idHash)),
      );
    });
  });

  describe('account deletion', () => {
    const endContract = (customerId: string) =>
      ctx.db
        .update(contracts)
        .set({ state: 'ended', endDate: '2026-01-31' })
        .where(eq(contracts.customerId, customerId));

    it('is refused while the contract has not ended or the balance is negative, with the reasons', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      expect(await requestAccountDeletion(ctx, erika.actor, {})).toEqual({
        ok: false,
        blockers: [{ reason: 'contract-not-ended', state: 'active', endDate: null }],
      });
      await ctx.db
        .update(contracts)
        .set({ state: 'cancellation_requested', endDate: '2099-12-31' })
        .where(eq(contracts.customerId, erika.id));
      await ctx.db.insert(creditLedger).values([
        { customerId: erika.id, kind: 'start_bonus', amountCents: 500 },
        { customerId: erika.id, kind: 'ride_charge', amountCents: -750 },
      ]);
      expect(await requestAccountDeletion(ctx, erika.actor, {})).toEqual({
        ok: false,
        blockers: [
          { reason: 'negative-balance', balanceCents: -250 },
          { reason: 'contract-not-ended', state: 'cancellation_requested', endDate: '2099-12-31' },
        ],
      });
      await endContract(erika.id);
      expect(await requestAccountDeletion(ctx, erika.actor, {})).toMatchObject({
        ok: false,
        blockers: [{ reason: 'negative-balance' }],
      });
      const [row] = await ctx.db.select().from(customers).where(eq(customers.id, erika.id));
      expect(row?.deletionRequestedAt).toBeNull();
      expect(await mailsTo('erika@example.org')).not.toContain('deletion-requested');
    });

    it('records the request once and confirms it by mail when nothing stands in the way', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      await endContract(erika.id);
      await ctx.db.insert(creditLedger).values([
        { customerId: erika.id, kind: 'ride_charge', amountCents: -300 },
        { customerId: erika.id, kind: 'top_up', amountCents: 300 },
      ]);
      const outcome = await requestAccountDeletion(ctx, erika.actor, {});
      expect(outcome).toMatchObject({ ok: true });
      const [row] = await ctx.db.select().from(customers).where(eq(customers.id, erika.id));
      expect(row?.deletionRequestedAt).toBeInstanceOf(Date);
      expect(await requestAccountDeletion(ctx, erika.actor, {})).toMatchObject({ ok: true });
      expect((await mailsTo('erika@example.org')).filter((kind) => kind === 'deletion-requested')).toHaveLength(1);
    });

    it('counts a cancelled contract whose end date has passed as ended, even before anyone read it', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      await ctx.db
        .update(contracts)
        .set({ state: 'cancellation_requested', endDate: '2026-01-31' })
        .where(eq(contracts.customerId, erika.id));
      expect(await requestAccountDeletion(ctx, erika.actor, {}, new Date('2026-02-01T10:00:00Z'))).toMatchObject({
        ok: true,
      });
      const [contract] = await ctx.db.select().from(contracts).where(eq(contracts.customerId, erika.id));
      expect(contract?.state).toBe('ended');
    });

    it('needs the password when the last login is more than 15 minutes ago', async () => {
      await setUp();
      const erika = await customer('erika@example.org', new Date(Date.now() - 16 * minute));
      await endContract(erika.id);
      expect(await requestAccountDeletion(ctx, erika.actor, {})).toEqual({
        ok: false,
        field: 'currentPassword',
        error: 'reauth.required',
      });
      expect(await requestAccountDeletion(ctx, erika.actor, { currentPassword: password })).toMatchObject({ ok: true });
    });
  });

  describe('data export', () => {
    it('contains the customer’s data and no secrets', async () => {
      await setUp();
      const erika = await customer('erika@example.org');
      const bob = await customer('bob@example.org');
      const iban = 'DE89370400440532013000';
      await ctx.db.insert(paymentMethods).values([
        {
          customerId: erika.id,
          kind: 'sepa',
          active: false,
          accountHolder: 'Erika Mustermann',
          iban,
          mandateReference: 'M-1',
        },
        { customerId: erika.id, kind: 'card', providerToken: 'psp_tok_secret_4242', label: 'Visa •••• 4242' },
      ]);
      await ctx.db.insert(creditLedger).values({ customerId: erika.id, kind: 'start_bonus', amountCents: 500 });
      const ride = {
        tripId: '0b7e4c3a-2f1d-4e5b-9a8c-7d6e5f4a3b2c',
        customerNumber: '100001',
        deviceId: 'bike-4711',
        vehicleType: 'bicycle' as const,
        propulsionTypes: ['human'],
        startTime: new Date('2026-05-14T08:00:00Z'),
        endTime: new Date('2026-05-14T08:20:00Z'),
        priceCents: 100,
      };
      await ctx.db.insert(trips).values([
        { ...ride, customerId: erika.id },
        { ...ride, tripId: '1c8f5d4b-3a2e-4f6c-8b9d-8e7f6a5b4c3d', customerId: bob.id },
      ]);
      await requestEmailChange(ctx, erika.actor, { email: 'neu@example.org' });
      await requestPhoneCode(ctx, erika.actor, '+491712345678');

      const exported = await exportPersonalData(ctx.db, erika.id);
      const json = JSON.stringify(exported);
      // Her rides, not another customer's.
      expect(exported!.rides).toMatchObject([{ tripId: ride.tripId, priceCents: 100, deviceId: 'bike-4711' }]);
      const [row] = await ctx.db.select().from(customers).where(eq(customers.id, erika.id));
      const secrets = [
        row!.passwordHash,
        erika.token,
        erika.session.idHash,
        bob.session.idHash,
        iban,
        '0532013000',
        'psp_tok_secret_4242',
        ...(await ctx.db.select().from(accountTokens)).map((token) => token.tokenHash),
        ...(await ctx.db.select().from(phoneVerifications)).map((code) => code.codeHash),
      ];
      for (const secret of secrets) expect(json).not.toContain(secret);
      expect(json).not.toMatch(/hash/i);
      expect(json).not.toContain('bob@example.org');

      expect(exported).toMatchObject({
        customer: { email: 'erika@example.org', firstName: 'Erika', phone: '+4915123456789' },
        contract: { state: 'active', tariffChanges: [] },
        credit: { balanceCents: 500, ledger: [{ kind: 'start_bonus', amountCents: 500 }] },
        paymentMethods: [
          { kind: 'sepa', iban: '•••• 3000', accountHolder: 'Erika Mustermann' },
          { kind: 'card', iban: null, label: 'Visa •••• 4242' },
        ],
        mailedLinks: expect.arrayContaining([
          expect.objectContaining({ purpose: 'change-email', payload: 'neu@example.org' }),
        ]),
        phoneCodes: [{ phone: '+491712345678', attempts: 0 }],
      });
      expect(exported?.sessions).toHaveLength(1);
      expect(Object.keys(exported!.sessions[0]!).sort()).toEqual([
        'authenticatedAt',
        'createdAt',
        'expiresAt',
        'lastSeenAt',
        'userAgent',
      ]);
    });
  });

  it('keeps every query scoped: pending changes of one customer are not another’s', async () => {
    await setUp();
    const erika = await customer('erika@example.org');
    const bob = await customer('bob@example.org');
    await requestPhoneCode(ctx, erika.actor, '+491712345678');
    const code = /\b(\d{6})\b/.exec(sentSms.at(-1)!.text)![1]!;
    expect(await confirmPhoneCode(ctx, bob.actor, code)).toEqual({ ok: false, error: 'phone-change.no-code' });
    expect(await pendingPhoneChange(ctx.db, bob.id)).toBeNull();
    const [erikaPending] = await ctx.db
      .select()
      .from(phoneVerifications)
      .where(and(eq(phoneVerifications.customerId, erika.id)));
    expect(erikaPending?.attempts).toBe(0);
    expect(await readSession(ctx.db, bob.token)).not.toBeNull();
    expect((await ctx.db.select().from(sessions)).length).toBe(2);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountFixture, registration, type AccountFixture } from '../../../tests/support/account-fixtures';
import { createTestRateLimits, deploymentBackends, type TestRateLimits } from '../../../tests/support/test-rate-limits';
import { security } from '~/config/security';
import { customers, sessions } from '~/db/schema';
import type { AccountContext } from '~/features/accounts/account-context';
import { logIn, type LoginOutcome } from '~/features/accounts/login.server';
import { confirmRecentAuthentication } from '~/features/accounts/reauthentication.server';
import { registerCustomer } from '~/features/accounts/registration.server';
import { createSession, readSession, type CurrentSession } from '~/features/accounts/sessions.server';
import type * as passwords from '~/shared/security/passwords.server';
import { changePassword } from '~/features/personal-data/password-change.server';

/**
 * Guesses sent together, as a script sends them: the limits of docs/rules/accounts.md#brute-force-limits
 * hold for every way a password is checked — at most 5 verifications for one account, at most 50 failures
 * from one address — and a right password that comes after the limit is refused unverified like the rest.
 */

const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('~/shared/security/passwords.server', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return {
    ...actual,
    verifyPassword: (...args: Parameters<typeof actual.verifyPassword>) => {
      verifications.count++;
      return actual.verifyPassword(...args);
    },
  };
});

const email = 'erika@example.org';
const password = 'Radfahren im Regen ist schön';
const ip = '198.51.100.23';
const minute = 60_000;
const { failuresBeforeWait, failuresPerIpPerHour } = security.login;

describe.each(deploymentBackends)('password guesses sent together on $database with $limits limits', (backend) => {
  let fixture: AccountFixture;
  let customerId: string;
  let limits: TestRateLimits | undefined;
  // One account for every test; each test gets limits of its own.
  beforeAll(async () => {
    fixture = await createAccountFixture(backend.database);
    const outcome = await registerCustomer(fixture.context, registration({ email, password }), { locale: 'de' });
    if (outcome.kind !== 'created') throw new Error('registration failed');
    customerId = outcome.customerId;
  }, 120_000);
  afterAll(async () => {
    await fixture?.database.dispose();
  });
  afterEach(async () => {
    await limits?.dispose();
    limits = undefined;
  });

  async function freshLimits(): Promise<AccountContext> {
    limits = await createTestRateLimits(backend.limits);
    verifications.count = 0;
    return { ...fixture.context, rateLimits: limits.store };
  }
  const together = <T>(count: number, attempt: (index: number) => Promise<T>) =>
    Promise.all(Array.from({ length: count }, (_, index) => attempt(index)));
  const userAgent = 'Firefox';
  const waitOf = (outcome: LoginOutcome) =>
    !outcome.ok && outcome.error === 'login.wait' ? outcome.retryAfterSeconds : 0;
  const sessionsOf = async () => fixture.context.db.select().from(sessions).where(eq(sessions.customerId, customerId));

  it('logs in with none of 30 passwords for one account when the right one comes after 5 wrong ones', async () => {
    const context = await freshLimits();
    const before = (await sessionsOf()).length;
    const outcomes = await together(30, (index) =>
      logIn(context, { email, password: index === 29 ? password : `wrong guess ${index}`, ip, userAgent }),
    );
    expect(verifications.count).toBe(failuresBeforeWait);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.error === 'login.invalid')).toHaveLength(
      failuresBeforeWait,
    );
    // The wait of the 5th failure: one minute.
    expect(outcomes.at(-1)).toMatchObject({ ok: false, error: 'login.wait' });
    expect(waitOf(outcomes.at(-1)!)).toBeGreaterThan(50);
    expect(waitOf(outcomes.at(-1)!)).toBeLessThanOrEqual(60);
    expect(await logIn(context, { email, password, ip: '192.0.2.99', userAgent })).toMatchObject({
      ok: false,
      error: 'login.wait',
    });
    expect(await sessionsOf()).toHaveLength(before);
    expect(verifications.count).toBe(failuresBeforeWait);
  });

  it('verifies 50 of 80 passwords sent together from one address, for accounts that exist or not', async () => {
    const context = await freshLimits();
    const outcomes = await together(80, (index) =>
      logIn(context, { email: `guess-${index}@example.org`, password: 'a guessed password', ip, userAgent }),
    );
    expect(verifications.count).toBe(failuresPerIpPerHour);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.error === 'login.wait')).toHaveLength(
      80 - failuresPerIpPerHour,
    );
    // The address waits an hour, which the 50 verifications have only begun.
    const refused = await logIn(context, { email, password, ip, userAgent });
    expect(refused).toMatchObject({ ok: false, error: 'login.wait' });
    expect(waitOf(refused)).toBeGreaterThan(50 * 60);
  });

  /** A session of the customer that logged in 16 minutes ago: sensitive changes need the password. */
  async function staleSession(): Promise<CurrentSession> {
    const loggedInAt = new Date(Date.now() - 16 * minute);
    const { token } = await createSession(fixture.context.db, customerId, userAgent, loggedInAt);
    return (await readSession(fixture.context.db, token, loggedInAt))!;
  }

  it('verifies 5 of 30 password confirmations sent together, and refuses the right one afterwards', async () => {
    const context = await freshLimits();
    const session = await staleSession();
    const outcomes = await together(30, (index) =>
      confirmRecentAuthentication(context, session, `wrong guess ${index}`, ip),
    );
    expect(verifications.count).toBe(failuresBeforeWait);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.error === 'reauth.wrong')).toHaveLength(
      failuresBeforeWait,
    );
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.error === 'reauth.wait')).toHaveLength(
      30 - failuresBeforeWait,
    );
    expect(await confirmRecentAuthentication(context, session, password, ip)).toEqual({
      ok: false,
      error: 'reauth.wait',
    });
  });

  it('verifies 5 of 30 current passwords of password changes sent together, and changes nothing', async () => {
    const context = await freshLimits();
    const actor = { session: await staleSession(), clientIp: ip, locale: 'de' as const };
    const passwordHash = async () =>
      (
        await fixture.context.db
          .select({ passwordHash: customers.passwordHash })
          .from(customers)
          .where(eq(customers.id, customerId))
      )[0]?.passwordHash;
    const before = await passwordHash();
    const outcomes = await together(30, (index) =>
      changePassword(context, actor, {
        currentPassword: `wrong guess ${index}`,
        newPassword: 'Ein ganz neues Passwort',
      }),
    );
    expect(verifications.count).toBe(failuresBeforeWait);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.error === 'password-change.wrong-current')).toHaveLength(
      failuresBeforeWait,
    );
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.error === 'login.wait?minutes=1')).toHaveLength(
      30 - failuresBeforeWait,
    );
    expect(
      await changePassword(context, actor, { currentPassword: password, newPassword: 'Ein ganz neues Passwort' }),
    ).toEqual({ ok: false, error: 'login.wait?minutes=1' });
    expect(await passwordHash()).toBe(before);
  });
});

import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, assertProductionSecrets } from '~/config/env.server';
import { auditLog, staffAccounts, staffSessions } from '~/db/schema';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { testServices } from '../../../tests/support/route-harness';
import { secretOfUri, totpOfUri } from '../../../tests/support/authenticator';
import type { AppServices } from '~/context';
import { createStaffAccount, type StaffEnrolment } from './staff-accounts.server';
import { staffPasswordStep, staffSecondFactorStep, staffLogOut } from './staff-login.server';
import { readStaffSession } from './staff-sessions.server';
import { openSecret } from './secret-box.server';

const ip = '198.51.100.7';
const userAgent = 'Firefox';

describe.each(databaseBackends)('the back office login on %s', (backend) => {
  let database: TestDatabase;
  let services: AppServices;
  let enrolment: StaffEnrolment;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await database?.dispose();
  });

  async function setUp() {
    database = await createTestDatabase(backend);
    services = testServices(database.handle);
    const outcome = await createStaffAccount(
      services,
      { email: 'Anna.Admin@Example.com', displayName: 'Anna Admin', role: 'admin' },
      null,
    );
    if (outcome.kind !== 'created') throw new Error('not created');
    enrolment = outcome.enrolment;
  }

  async function passwordStep(password = enrolment.password, email = enrolment.email) {
    const outcome = await staffPasswordStep(services, { email, password, ip, userAgent });
    if (!outcome.ok) throw new Error(`password step refused: ${outcome.error}`);
    return outcome.token;
  }

  // The code an authenticator app that scanned the account's key URI shows at `at`.
  const code = (at: Date) => totpOfUri(enrolment.otpauthUri).generate({ timestamp: at.getTime() });

  it('logs in with password and a TOTP code computed independently, under a new session id', async () => {
    await setUp();
    const pending = await passwordStep();
    // Half logged in opens nothing.
    expect(await readStaffSession(services.db, pending)).toBeNull();
    const now = new Date();
    const outcome = await staffSecondFactorStep(
      services,
      { pendingToken: pending, code: code(now), ip, userAgent },
      {},
      now,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.token).not.toBe(pending);
    const staff = await readStaffSession(services.db, outcome.token);
    expect(staff).toMatchObject({ email: 'anna.admin@example.com', role: 'admin', displayName: 'Anna Admin' });
    // The half-logged-in session is gone.
    expect(await staffSecondFactorStep(services, { pendingToken: pending, code: code(now), ip, userAgent })).toEqual({
      ok: false,
      error: 'expired',
    });
    const actions = (await services.db.select().from(auditLog)).map((entry) => entry.action);
    expect(actions).toEqual(['staff.create', 'staff.login']);
  });

  it('refuses a replayed code, also within its own 30 seconds, and a wrong one', async () => {
    await setUp();
    const now = new Date();
    const first = await staffSecondFactorStep(
      services,
      { pendingToken: await passwordStep(), code: code(now), ip, userAgent },
      {},
      now,
    );
    expect(first.ok).toBe(true);
    const replay = await staffSecondFactorStep(
      services,
      { pendingToken: await passwordStep(), code: code(now), ip, userAgent },
      {},
      new Date(now.getTime() + 1000),
    );
    expect(replay).toEqual({ ok: false, error: 'invalid' });
    // An earlier step than the last accepted one is a replay too.
    const earlier = await staffSecondFactorStep(
      services,
      { pendingToken: await passwordStep(), code: code(new Date(now.getTime() - 30_000)), ip, userAgent },
      {},
      now,
    );
    expect(earlier).toEqual({ ok: false, error: 'invalid' });
    const wrong = code(now) === '000000' ? '111111' : '000000';
    const pending = await passwordStep();
    expect(await staffSecondFactorStep(services, { pendingToken: pending, code: wrong, ip, userAgent })).toEqual({
      ok: false,
      error: 'invalid',
    });
    // The next step's code works.
    const later = new Date(now.getTime() + 30_000);
    expect(
      (await staffSecondFactorStep(services, { pendingToken: pending, code: code(later), ip, userAgent }, {}, later))
        .ok,
    ).toBe(true);
    const failures = await services.db.select().from(auditLog).where(eq(auditLog.action, 'staff.login-failed'));
    expect(failures.map((entry) => entry.after)).toEqual([
      { step: 'second-factor', reason: 'wrong' },
      { step: 'second-factor', reason: 'wrong' },
      { step: 'second-factor', reason: 'wrong' },
    ]);
  });

  it('records the first refused attempts of an address and hour in the audit log, and counts the rest only', async () => {
    await setUp();
    const attempt = () =>
      staffPasswordStep(services, { email: 'nobody@example.com', password: 'not the password', ip, userAgent });
    for (let i = 0; i < 5; i++) expect(await attempt()).toEqual({ ok: false, error: 'invalid' });
    for (let i = 0; i < 25; i++) expect(await attempt()).toMatchObject({ ok: false, error: 'wait' });
    const failures = await services.db.select().from(auditLog).where(eq(auditLog.action, 'staff.login-failed'));
    const reasons = failures.map((entry) => (entry.after as { reason: string }).reason);
    expect(reasons.filter((reason) => reason === 'wrong')).toHaveLength(5);
    expect(reasons.filter((reason) => reason === 'limited')).toHaveLength(10);
  });

  it('takes each recovery code once', async () => {
    await setUp();
    const recovery = enrolment.recoveryCodes[0]!.toUpperCase();
    const first = await staffSecondFactorStep(services, {
      pendingToken: await passwordStep(),
      code: recovery,
      ip,
      userAgent,
    });
    expect(first.ok).toBe(true);
    const again = await staffSecondFactorStep(services, {
      pendingToken: await passwordStep(),
      code: recovery,
      ip,
      userAgent,
    });
    expect(again).toEqual({ ok: false, error: 'invalid' });
  });

  it('answers a wrong password, an unknown email and a deactivated account alike', async () => {
    await setUp();
    const wrong = await staffPasswordStep(services, {
      email: enrolment.email,
      password: 'not the password',
      ip,
      userAgent,
    });
    const unknown = await staffPasswordStep(services, {
      email: 'nobody@example.com',
      password: 'whatever it is',
      ip,
      userAgent,
    });
    await services.db.update(staffAccounts).set({ active: false });
    const inactive = await staffPasswordStep(services, {
      email: enrolment.email,
      password: enrolment.password,
      ip,
      userAgent,
    });
    expect([wrong, unknown, inactive]).toEqual([
      { ok: false, error: 'invalid' },
      { ok: false, error: 'invalid' },
      { ok: false, error: 'invalid' },
    ]);
  });

  it('limits password guesses like customer logins: after 5 failures even the right password waits', async () => {
    await setUp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        await staffPasswordStep(services, { email: enrolment.email, password: `wrong ${attempt}`, ip, userAgent }),
      ).toEqual({
        ok: false,
        error: 'invalid',
      });
    }
    const right = await staffPasswordStep(services, {
      email: enrolment.email,
      password: enrolment.password,
      ip,
      userAgent,
    });
    expect(right).toMatchObject({ ok: false, error: 'wait' });
  });

  it('limits code guesses per account the same way', async () => {
    await setUp();
    const pending = await passwordStep();
    const now = new Date();
    const right = code(now);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = String((Number(right) + 1 + attempt) % 1_000_000).padStart(6, '0');
      expect(
        await staffSecondFactorStep(services, { pendingToken: pending, code: wrong, ip, userAgent }, {}, now),
      ).toEqual({
        ok: false,
        error: 'invalid',
      });
    }
    expect(
      await staffSecondFactorStep(services, { pendingToken: pending, code: right, ip, userAgent }, {}, now),
    ).toMatchObject({
      ok: false,
      error: 'wait',
    });
  });

  it('ends a session after 15 idle minutes, after 8 hours in any case, and at logout', async () => {
    await setUp();
    const start = new Date();
    const outcome = await staffSecondFactorStep(
      services,
      { pendingToken: await passwordStep(), code: code(start), ip, userAgent },
      {},
      start,
    );
    if (!outcome.ok) throw new Error('login failed');
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    expect(await readStaffSession(services.db, outcome.token, at(14))).not.toBeNull();
    expect(await readStaffSession(services.db, outcome.token, at(28))).not.toBeNull();
    expect(await readStaffSession(services.db, outcome.token, at(44))).toBeNull();
    // Active every 10 minutes: over at 8 hours all the same.
    const busy = await staffSecondFactorStep(
      services,
      { pendingToken: await passwordStep(), code: code(at(1)), ip, userAgent },
      {},
      at(1),
    );
    if (!busy.ok) throw new Error('login failed');
    for (let minutes = 11; minutes < 481; minutes += 10) {
      expect(await readStaffSession(services.db, busy.token, at(minutes))).not.toBeNull();
    }
    expect(await readStaffSession(services.db, busy.token, at(482))).toBeNull();

    const second = await staffSecondFactorStep(
      services,
      { pendingToken: await passwordStep(), code: code(at(2)), ip, userAgent },
      {},
      at(2),
    );
    if (!second.ok) throw new Error('login failed');
    const staff = await readStaffSession(services.db, second.token, at(3));
    if (!staff) throw new Error('no session');
    await staffLogOut(services, staff);
    expect(await readStaffSession(services.db, second.token, at(4))).toBeNull();
    expect(await services.db.select().from(staffSessions).where(eq(staffSessions.idHash, staff.sessionIdHash))).toEqual(
      [],
    );
  });

  it('keeps the TOTP secret encrypted with STAFF_TOTP_KEY', async () => {
    await setUp();
    const [row] = await services.db.select().from(staffAccounts);
    const secret = secretOfUri(enrolment.otpauthUri);
    expect(row!.totpSecretEncrypted).not.toContain(secret);
    expect(openSecret(row!.totpSecretEncrypted, services.config.staffTotpKey)).toBe(secret);
    expect(openSecret(row!.totpSecretEncrypted, 'another key that is at least 32 characters')).toBeNull();
  });
});

describe('secrets of a production start outside a local run', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({
      DATA_DIR: '/tmp/staff-key-test',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://kunden.example.com',
      ...env,
    });
  const staffKey = 'Vq3xZ8pL2mN7rT5wK9yB4cH6jD1fG0sA';
  const sessionSecret = 'hR2kP9vL4xQ7mZ1nB8cT5wY3jF6gD0sAeU';
  const previewSecret = 'aZ7qM2xK9pL4vN8w';
  const fleetSecret = 'fL8eE7tW3bH9kS2cR5tQ1xZ4mN6pV0yJ';

  it('need STAFF_TOTP_KEY', () => {
    expect(() => assertProductionSecrets(config({}))).toThrow(/STAFF_TOTP_KEY is not set/);
    expect(() => assertProductionSecrets(config({ STAFF_TOTP_KEY: staffKey }))).not.toThrow();
    // A local run keeps its generated key.
    expect(() => assertProductionSecrets(config({ PUBLIC_URL: 'http://localhost:3000' }))).not.toThrow();
  });

  it('need SESSION_SECRET, PREVIEW_SECRET and FLEET_WEBHOOK_SECRET with a database the instances may share', () => {
    const shared = { STAFF_TOTP_KEY: staffKey, DATABASE_URL: 'postgres://app@db.internal/selfservice' };
    expect(() => assertProductionSecrets(config(shared))).toThrow(
      /SESSION_SECRET, PREVIEW_SECRET and FLEET_WEBHOOK_SECRET not set/,
    );
    expect(() =>
      assertProductionSecrets(config({ ...shared, SESSION_SECRET: sessionSecret, PREVIEW_SECRET: previewSecret })),
    ).toThrow(/^FLEET_WEBHOOK_SECRET not set/);
    expect(() =>
      assertProductionSecrets(
        config({
          ...shared,
          SESSION_SECRET: sessionSecret,
          PREVIEW_SECRET: previewSecret,
          FLEET_WEBHOOK_SECRET: fleetSecret,
        }),
      ),
    ).not.toThrow();
  });

  it('refuse placeholders', () => {
    expect(() => assertProductionSecrets(config({ STAFF_TOTP_KEY: 'k'.repeat(32) }))).toThrow(
      /STAFF_TOTP_KEY look like/,
    );
    expect(() =>
      assertProductionSecrets(
        config({ STAFF_TOTP_KEY: staffKey, SESSION_SECRET: 'changeme-changeme-changeme-changeme' }),
      ),
    ).toThrow(/SESSION_SECRET look like placeholders/);
  });
});

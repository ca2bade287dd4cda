import { afterEach, describe, expect, it } from 'vitest';
import { security } from '~/config/security';
import { memoryRateLimitStore, type RateLimitStore } from '~/platform/rate-limit/store';
import { createTestRateLimits, rateLimitBackends, type TestRateLimits } from '../../../tests/support/test-rate-limits';
import { allowAccountMail, allowRegistration, checkPasswordWithinLimits } from './login-throttle.server';

const minute = 60_000;
const { failuresBeforeWait, failuresPerIpPerHour } = security.login;

function clockedStore() {
  let time = Date.UTC(2026, 10, 23, 8);
  return { store: memoryRateLimitStore(() => time), advance: (ms: number) => (time += ms) };
}

/** A password check that counts how often it ran, answering a customer id for the right password. */
function passwordChecks() {
  let runs = 0;
  const check = (right: boolean) => async () => {
    runs++;
    return right ? 'customer-1' : (false as const);
  };
  return { wrong: check(false), right: check(true), runs: () => runs };
}

describe('brute-force limits', () => {
  const { wrong, right } = passwordChecks();

  it('waits 1, 2, 4, 8, then 15 minutes after the 5th, 6th, 7th … failure, refusing even the right password meanwhile', async () => {
    const { store, advance } = clockedStore();
    const email = 'Erika@Example.org';
    for (let i = 0; i < failuresBeforeWait - 1; i++) {
      expect(await checkPasswordWithinLimits(store, email, '192.0.2.1', wrong)).toEqual({
        allowed: true,
        verified: false,
      });
    }
    for (const waitMinutes of [1, 2, 4, 8, 15, 15]) {
      expect(await checkPasswordWithinLimits(store, email, '192.0.2.1', wrong)).toEqual({
        allowed: true,
        verified: false,
      });
      // The normalised address is the key: the same account however it is written, from any address.
      expect(await checkPasswordWithinLimits(store, 'erika@example.org ', '192.0.2.2', right)).toEqual({
        allowed: false,
        retryAfterSeconds: waitMinutes * 60,
      });
      advance(waitMinutes * minute - 1000);
      expect((await checkPasswordWithinLimits(store, email, '192.0.2.2', right)).allowed).toBe(false);
      advance(1000);
    }
    expect(await checkPasswordWithinLimits(store, email, '192.0.2.2', right)).toEqual({
      allowed: true,
      verified: 'customer-1',
    });
  });

  it('forgets the failures after a right password', async () => {
    const { store } = clockedStore();
    for (let i = 0; i < failuresBeforeWait - 1; i++) {
      await checkPasswordWithinLimits(store, 'erika@example.org', '192.0.2.1', wrong);
    }
    await checkPasswordWithinLimits(store, 'erika@example.org', '192.0.2.1', right);
    for (let i = 0; i < failuresBeforeWait; i++) {
      expect((await checkPasswordWithinLimits(store, 'erika@example.org', '192.0.2.1', wrong)).allowed).toBe(true);
    }
    expect((await checkPasswordWithinLimits(store, 'erika@example.org', '192.0.2.1', right)).allowed).toBe(false);
  });

  it('blocks an IP address for an hour after 50 failures in an hour, whichever accounts they named', async () => {
    const { store, advance } = clockedStore();
    for (let i = 0; i < failuresPerIpPerHour - 1; i++) {
      await checkPasswordWithinLimits(store, `guess-${i}@example.org`, '198.51.100.7', wrong);
    }
    // A right password from the address is not a failure.
    await checkPasswordWithinLimits(store, 'someone@example.org', '198.51.100.7', right);
    expect(await checkPasswordWithinLimits(store, 'guess-last@example.org', '198.51.100.7', wrong)).toEqual({
      allowed: true,
      verified: false,
    });
    expect(await checkPasswordWithinLimits(store, 'someone@example.org', '198.51.100.7', right)).toEqual({
      allowed: false,
      retryAfterSeconds: 3600,
    });
    // Another address is not affected.
    expect((await checkPasswordWithinLimits(store, 'someone@example.org', '198.51.100.8', right)).allowed).toBe(true);
    advance(60 * minute);
    expect((await checkPasswordWithinLimits(store, 'someone@example.org', '198.51.100.7', right)).allowed).toBe(true);
  });

  it('leaves nothing behind for the accounts a blocked address names', async () => {
    const { store } = clockedStore();
    const asked: string[] = [];
    const recording: RateLimitStore = {
      ...store,
      reserve: (key, limit) => {
        asked.push(key.split(':')[0]!);
        return store.reserve(key, limit);
      },
    };
    for (let i = 0; i < failuresPerIpPerHour; i++) {
      await checkPasswordWithinLimits(recording, `guess-${i}@example.org`, '198.51.100.7', wrong);
    }
    asked.length = 0;
    // Each new address a blocked client names would otherwise be remembered for a day.
    for (let i = 0; i < 3; i++) {
      expect((await checkPasswordWithinLimits(recording, `new-${i}@example.org`, '198.51.100.7', wrong)).allowed).toBe(
        false,
      );
    }
    expect(asked).toEqual(['login-fail-ip', 'login-fail-ip', 'login-fail-ip']);
  });

  it('does not count a check that fails for another reason than the password', async () => {
    const { store } = clockedStore();
    const broken = async (): Promise<false> => {
      throw new Error('database unavailable');
    };
    for (let i = 0; i < 2 * failuresBeforeWait; i++) {
      await expect(checkPasswordWithinLimits(store, 'erika@example.org', '192.0.2.1', broken)).rejects.toThrow();
    }
    expect((await checkPasswordWithinLimits(store, 'erika@example.org', '192.0.2.1', right)).allowed).toBe(true);
  });

  it('sends at most 3 reset or verification mails per address and hour', async () => {
    const { store, advance } = clockedStore();
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(await allowAccountMail(store, i % 2 ? 'ERIKA@example.org' : 'erika@example.org'));
    expect(answers).toEqual([true, true, true, false]);
    expect(await allowAccountMail(store, 'max@example.org')).toBe(true);
    advance(60 * minute);
    expect(await allowAccountMail(store, 'erika@example.org')).toBe(true);
  });

  it('allows 20 registrations per IP address and hour', async () => {
    const { store } = clockedStore();
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await allowRegistration(store, '203.0.113.5'));
    expect(answers.filter(Boolean)).toHaveLength(20);
    expect(answers.at(-1)).toBe(false);
  });
});

describe.each(rateLimitBackends)('brute-force limits under guesses sent together (%s)', (backend) => {
  let limits: TestRateLimits | undefined;
  afterEach(async () => {
    await limits?.dispose();
    limits = undefined;
  });
  const open = async (): Promise<RateLimitStore> => (limits = await createTestRateLimits(backend)).store;

  it('verifies 5 of 30 passwords for one account, and refuses the right one sent after them unverified', async () => {
    const store = await open();
    const checks = passwordChecks();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        checkPasswordWithinLimits(store, 'erika@example.org', '192.0.2.1', index === 29 ? checks.right : checks.wrong),
      ),
    );
    expect(checks.runs()).toBe(failuresBeforeWait);
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(failuresBeforeWait);
    expect(answers.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect((await checkPasswordWithinLimits(store, 'erika@example.org', '192.0.2.1', checks.right)).allowed).toBe(
      false,
    );
    // The refused guesses did not count against the address: it has 45 failures left.
    for (let i = 0; i < failuresPerIpPerHour - failuresBeforeWait; i++) {
      expect(
        (await checkPasswordWithinLimits(store, `other-${i}@example.org`, '192.0.2.1', checks.wrong)).allowed,
      ).toBe(true);
    }
    expect((await checkPasswordWithinLimits(store, 'max@example.org', '192.0.2.1', checks.right)).allowed).toBe(false);
  });

  it('verifies 50 of 80 passwords for different accounts from one address', async () => {
    const store = await open();
    const checks = passwordChecks();
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, index) =>
        checkPasswordWithinLimits(store, `guess-${index}@example.org`, '198.51.100.7', checks.wrong),
      ),
    );
    expect(checks.runs()).toBe(failuresPerIpPerHour);
    expect(answers.filter((answer) => !answer.allowed)).toHaveLength(80 - failuresPerIpPerHour);
    expect(await checkPasswordWithinLimits(store, 'someone@example.org', '198.51.100.7', checks.right)).toEqual({
      allowed: false,
      retryAfterSeconds: 3600,
    });
  });

  it('sends 3 of 10 account mails and allows 20 of 40 registrations asked for together', async () => {
    const store = await open();
    const mails = await Promise.all(Array.from({ length: 10 }, () => allowAccountMail(store, 'erika@example.org')));
    expect(mails.filter(Boolean)).toHaveLength(security.mailsPerAddressPerHour);
    const registrations = await Promise.all(Array.from({ length: 40 }, () => allowRegistration(store, '203.0.113.5')));
    expect(registrations.filter(Boolean)).toHaveLength(security.registrationsPerIpPerHour);
  });
});

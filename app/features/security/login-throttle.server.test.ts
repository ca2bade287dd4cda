import { describe, expect, it } from 'vitest';
import { security } from '~/config/security';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import {
  allowAccountMail,
  allowRegistration,
  checkLoginAllowed,
  recordLoginFailure,
  recordLoginSuccess,
} from './login-throttle.server';

const minute = 60_000;

function clockedStore() {
  let time = Date.UTC(2026, 10, 23, 8);
  return { store: memoryRateLimitStore(() => time), advance: (ms: number) => (time += ms) };
}

describe('brute-force limits (product rules, "Accounts and security")', () => {
  it('waits 1, 2, 4, 8, then 15 minutes after the 5th, 6th, 7th … failure, and lets the account in after each wait', async () => {
    const { store, advance } = clockedStore();
    const email = 'Erika@Example.org';
    for (let i = 0; i < 4; i++) await recordLoginFailure(store, email, '192.0.2.1');
    expect(await checkLoginAllowed(store, email, '192.0.2.1')).toEqual({ allowed: true });

    for (const waitMinutes of [1, 2, 4, 8, 15, 15]) {
      await recordLoginFailure(store, email, '192.0.2.1');
      // The normalised address is the key: the same account however it is written.
      expect(await checkLoginAllowed(store, 'erika@example.org ', '192.0.2.2')).toEqual({
        allowed: false,
        retryAfterSeconds: waitMinutes * 60,
      });
      advance(waitMinutes * minute - 1000);
      expect((await checkLoginAllowed(store, email, '192.0.2.2')).allowed).toBe(false);
      advance(1000);
      expect(await checkLoginAllowed(store, email, '192.0.2.2')).toEqual({ allowed: true });
    }
  });

  it('forgets the failures after a successful login', async () => {
    const { store } = clockedStore();
    for (let i = 0; i < 4; i++) await recordLoginFailure(store, 'erika@example.org', '192.0.2.1');
    await recordLoginSuccess(store, 'erika@example.org');
    await recordLoginFailure(store, 'erika@example.org', '192.0.2.1');
    expect(await checkLoginAllowed(store, 'erika@example.org', '192.0.2.1')).toEqual({ allowed: true });
  });

  it('blocks an IP address for an hour after 50 failures in an hour, whichever accounts they named', async () => {
    const { store, advance } = clockedStore();
    for (let i = 0; i < security.login.failuresPerIpPerHour - 1; i++) {
      await recordLoginFailure(store, `guess-${i}@example.org`, '198.51.100.7');
    }
    expect(await checkLoginAllowed(store, 'someone@example.org', '198.51.100.7')).toEqual({ allowed: true });
    await recordLoginFailure(store, 'guess-last@example.org', '198.51.100.7');
    expect(await checkLoginAllowed(store, 'someone@example.org', '198.51.100.7')).toEqual({
      allowed: false,
      retryAfterSeconds: 3600,
    });
    // Another address is not affected.
    expect(await checkLoginAllowed(store, 'someone@example.org', '198.51.100.8')).toEqual({ allowed: true });
    advance(60 * minute);
    expect(await checkLoginAllowed(store, 'someone@example.org', '198.51.100.7')).toEqual({ allowed: true });
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

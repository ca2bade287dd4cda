import { security } from '~/config/security';
import { releaseAttempt, reserveAttempt, type LimitedKey } from '~/platform/rate-limit/attempts';
import type { AttemptLimit, RateLimitStore } from '~/platform/rate-limit/store';
import { addressGroup } from './address-group.server';

/**
 * Brute-force limits (docs/rules/accounts.md#brute-force-limits): after 5 failed logins for one account a
 * growing wait (1, 2, 4 … up to 15 minutes) during which even the right password is refused; at most 50
 * failed logins per IP address and hour. Keys are the normalised email, known or not, so the limits never
 * tell whether an account exists.
 *
 * A password is verified only after its attempt is reserved, which counts it as a failure in
 * advance: of any number of guesses sent together, only as many as the limits have left are verified
 * at all, the rest are refused unverified — the right password among them too.
 */

const hourMs = 60 * 60 * 1000;
const { failuresBeforeWait, waitMinutes, failureMemoryMs, failuresPerIpPerHour } = security.login;

const accountAttempts: AttemptLimit = {
  attempts: failuresBeforeWait,
  windowMs: failureMemoryMs,
  waitsMs: waitMinutes.map((minutes) => minutes * 60_000),
};
const addressAttempts: AttemptLimit = { attempts: failuresPerIpPerHour, windowMs: hourMs, waitsMs: [hourMs] };

const accountLimit = (email: string): LimitedKey => ({
  key: `login-fail:${email.trim().toLowerCase()}`,
  limit: accountAttempts,
});
const addressLimit = (ip: string): LimitedKey => ({ key: `login-fail-ip:${addressGroup(ip)}`, limit: addressAttempts });

export type LimitedPasswordCheck<T> =
  { allowed: true; verified: T | false } | { allowed: false; retryAfterSeconds: number };

/**
 * Runs a password check within the account's and the address's limits, or tells how long they
 * still wait. `check` verifies the password and answers what a right one unlocks (`true`, a
 * customer id) or `false`. A wrong password keeps its reservation; a right one forgets the
 * account's failures and gives the address its attempt back; a check that throws (the database is
 * down) did not count and gives both back.
 */
export async function checkPasswordWithinLimits<T>(
  store: RateLimitStore,
  email: string,
  ip: string,
  check: () => Promise<T | false>,
): Promise<LimitedPasswordCheck<T>> {
  const account = accountLimit(email);
  const address = addressLimit(ip);
  const gate = await reserveAttempt(store, [address, account]);
  if (!gate.allowed) return { allowed: false, retryAfterSeconds: Math.ceil(gate.retryAfterMs / 1000) };
  let verified: T | false;
  try {
    verified = await check();
  } catch (error) {
    await releaseAttempt(store, [account, address]);
    throw error;
  }
  if (verified !== false) await Promise.all([store.reset(account.key), releaseAttempt(store, [address])]);
  return { allowed: true, verified };
}

/** Reset and verification mails: at most 3 per address and hour. */
export async function allowAccountMail(store: RateLimitStore, email: string): Promise<boolean> {
  const limit = { max: security.mailsPerAddressPerHour, windowMs: hourMs };
  return store.hit(`account-mail:${email.trim().toLowerCase()}`, limit);
}

/** Registrations per IP address and hour, against bulk probing and sign-up spam. */
export async function allowRegistration(store: RateLimitStore, ip: string): Promise<boolean> {
  return store.hit(`register-ip:${addressGroup(ip)}`, { max: security.registrationsPerIpPerHour, windowMs: hourMs });
}

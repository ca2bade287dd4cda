import { security } from '~/config/security';
import type { RateLimitStore } from '~/platform/rate-limit/store';

/**
 * Brute-force limits of the product rules: after 5 failed logins for one account a growing wait
 * (1, 2, 4 … up to 15 minutes) during which even the right password is refused; at most 50 failed
 * logins per IP address and hour. Keys are the normalised email, known or not, so the limits never
 * tell whether an account exists.
 */
export type LoginGate = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const accountKey = (email: string) => `login-fail:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login-fail-ip:${ip}`;
const hourMs = 60 * 60 * 1000;

export async function checkLoginAllowed(store: RateLimitStore, email: string, ip: string): Promise<LoginGate> {
  const [accountWait, ipWait] = await Promise.all([store.blockedFor(accountKey(email)), store.blockedFor(ipKey(ip))]);
  const wait = Math.max(accountWait, ipWait);
  return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) } : { allowed: true };
}

export async function recordLoginFailure(store: RateLimitStore, email: string, ip: string): Promise<void> {
  const { failuresBeforeWait, waitMinutes, failureMemoryMs, failuresPerIpPerHour } = security.login;
  const failures = await store.increment(accountKey(email), failureMemoryMs);
  if (failures >= failuresBeforeWait) {
    const step = Math.min(failures - failuresBeforeWait, waitMinutes.length - 1);
    await store.block(accountKey(email), waitMinutes[step]! * 60_000);
  }
  const ipFailures = await store.increment(ipKey(ip), hourMs);
  if (ipFailures >= failuresPerIpPerHour) await store.block(ipKey(ip), hourMs);
}

export async function recordLoginSuccess(store: RateLimitStore, email: string): Promise<void> {
  await store.reset(accountKey(email));
}

/** Reset and verification mails: at most 3 per address and hour. */
export async function allowAccountMail(store: RateLimitStore, email: string): Promise<boolean> {
  const count = await store.increment(`account-mail:${email.trim().toLowerCase()}`, hourMs);
  return count <= security.mailsPerAddressPerHour;
}

/** Registrations per IP address and hour, against bulk probing and sign-up spam. */
export async function allowRegistration(store: RateLimitStore, ip: string): Promise<boolean> {
  return (await store.increment(`register-ip:${ip}`, hourMs)) <= security.registrationsPerIpPerHour;
}

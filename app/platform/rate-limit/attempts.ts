import type { AttemptLimit, RateLimitStore } from './store';

/** One of the limits an attempt counts against: an account, an address, a customer. */
export interface LimitedKey {
  key: string;
  limit: AttemptLimit;
}

export type AttemptGate = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Reserves one attempt on every key, or on none: when a key refuses, the reservations of the others
 * are given back, and the answer is the longest wait among the refusing keys. Each key is reserved
 * atomically, the set is not: until the give-back, a parallel attempt can find another key's count
 * one too high — which can refuse it, never let it through.
 */
export async function reserveAttempt(store: RateLimitStore, keys: readonly LimitedKey[]): Promise<AttemptGate> {
  const reservations = await Promise.all(keys.map(({ key, limit }) => store.reserve(key, limit)));
  if (reservations.every((reservation) => reservation.allowed)) return { allowed: true };
  await releaseAttempt(
    store,
    keys.filter((_, index) => reservations[index]!.allowed),
  );
  return { allowed: false, retryAfterMs: Math.max(...reservations.map((reservation) => reservation.retryAfterMs)) };
}

/** Gives back the reservation of an attempt that succeeded or did not count. */
export async function releaseAttempt(store: RateLimitStore, keys: readonly LimitedKey[]): Promise<void> {
  await Promise.all(keys.map(({ key, limit }) => store.release(key, limit)));
}

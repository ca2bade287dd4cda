import type { AttemptLimit, RateLimitStore } from './store';

/** One of the limits an attempt counts against: an account, an address, a customer. */
export interface LimitedKey {
  key: string;
  limit: AttemptLimit;
}

export type AttemptGate = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Reserves one attempt on every key, or on none, in the order given: at the first key that refuses,
 * the reservations before it are given back and the keys after it are not asked, and the answer is
 * that key's wait. Put first the key a client cannot choose (its address): a refused attempt then
 * leaves nothing behind under the keys it can (every new email address would otherwise be
 * remembered for a day). Each key is reserved atomically, the set is not: until the give-back, a
 * parallel attempt can find an earlier key's count one too high — which can refuse it, never let it
 * through.
 */
export async function reserveAttempt(store: RateLimitStore, keys: readonly LimitedKey[]): Promise<AttemptGate> {
  for (const [index, { key, limit }] of keys.entries()) {
    const reservation = await store.reserve(key, limit);
    if (!reservation.allowed) {
      await releaseAttempt(store, keys.slice(0, index));
      return { allowed: false, retryAfterMs: reservation.retryAfterMs };
    }
  }
  return { allowed: true };
}

/** Gives back the reservation of an attempt that succeeded or did not count. */
export async function releaseAttempt(store: RateLimitStore, keys: readonly LimitedKey[]): Promise<void> {
  await Promise.all(keys.map(({ key, limit }) => store.release(key, limit)));
}

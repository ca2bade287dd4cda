import type { RateLimitStore } from '~/platform/rate-limit/store';

/**
 * The rate-limit store with its refusals counted: a hit over its limit or a reservation the store
 * refuses is a refused request (`increment` alone is a count, not a limit). The metric names the limit by the key's prefix (`login-ip` of `login-ip:203.0.113.5`),
 * never the key, which holds addresses and emails.
 */
export function observedRateLimits(store: RateLimitStore, refused: (limit: string) => void): RateLimitStore {
  return {
    increment: (key, windowMs) => store.increment(key, windowMs),
    async hit(key, limit) {
      const allowed = await store.hit(key, limit);
      if (!allowed) refused(limitName(key));
      return allowed;
    },
    async reserve(key, limit) {
      const reservation = await store.reserve(key, limit);
      if (!reservation.allowed) refused(limitName(key));
      return reservation;
    },
    release: (key, limit) => store.release(key, limit),
    reset: (key) => store.reset(key),
  };
}

/** The part of a key before its first colon when it looks like a limit's name, else `other`. */
export function limitName(key: string): string {
  const colon = key.indexOf(':');
  const prefix = colon < 0 ? '' : key.slice(0, colon);
  return /^[a-z][a-z-]{0,39}$/.test(prefix) ? prefix : 'other';
}

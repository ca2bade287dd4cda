import type { RateLimitStore } from '~/platform/rate-limit/store';

/**
 * The rate-limit store with its refusals counted: a key asked about while it is blocked is a
 * refused request. The metric names the limit by the key's prefix (`login-ip` of
 * `login-ip:203.0.113.5`), never the key, which holds addresses and emails.
 */
export function observedRateLimits(store: RateLimitStore, refused: (limit: string) => void): RateLimitStore {
  return {
    increment: (key, windowMs) => store.increment(key, windowMs),
    reset: (key) => store.reset(key),
    block: (key, ms) => store.block(key, ms),
    async blockedFor(key) {
      const ms = await store.blockedFor(key);
      if (ms > 0) refused(limitName(key));
      return ms;
    },
  };
}

/** The part of a key before its first colon when it looks like a limit's name, else `other`. */
export function limitName(key: string): string {
  const colon = key.indexOf(':');
  const prefix = colon < 0 ? '' : key.slice(0, colon);
  return /^[a-z][a-z-]{0,39}$/.test(prefix) ? prefix : 'other';
}

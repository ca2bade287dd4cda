/**
 * Counters for rate limits. In-process by default; Redis when REDIS_URL is set, so that every
 * instance sees the same counts. Every operation is atomic on its key: requests that arrive together
 * cannot both read a count before either has raised it.
 */
export interface RateLimitStore {
  /** Counts one more hit in a fixed window that starts with the first hit; returns the count. */
  increment(key: string, windowMs: number): Promise<number>;
  /**
   * Counts one more hit against a limit of so many per window (registrations, mails, reports …);
   * false once the window's hits, this one included, exceed it.
   */
  hit(key: string, limit: HitLimit): Promise<boolean>;
  /**
   * Reserves one attempt of something whose failures are limited (a password, a voucher code)
   * before the attempt is checked: refused while the key waits; otherwise counted at once, and the
   * attempt that reaches the limit starts the key's wait as if it had already failed. A failed
   * attempt leaves its reservation as it is; one that succeeded or did not count gives it back with
   * `release`.
   */
  reserve(key: string, limit: AttemptLimit): Promise<Reservation>;
  /** Gives back one reservation of `reserve`; the key's wait ends when the count falls below the limit. */
  release(key: string, limit: AttemptLimit): Promise<void>;
  /** Forgets the key's count and wait. */
  reset(key: string): Promise<void>;
}

export interface HitLimit {
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

export interface AttemptLimit {
  /** Attempts (failed or still being checked) after which the key waits. */
  attempts: number;
  /** How long attempts are remembered, counted from the first one. */
  windowMs: number;
  /** The wait after the `attempts`-th, the next, … attempt (at least one); the last one repeats. */
  waitsMs: readonly number[];
}

export interface Reservation {
  allowed: boolean;
  /** Attempts counted in the window, this one included when it was allowed. */
  count: number;
  /** While refused: how long the key still waits. 0 when allowed. */
  retryAfterMs: number;
}

/** The wait that the `count`-th attempt starts (count ≥ limit.attempts). */
export function waitAfter(limit: AttemptLimit, count: number): number {
  const step = Math.min(count - limit.attempts, limit.waitsMs.length - 1);
  return limit.waitsMs[step]!;
}

export function memoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const waits = new Map<string, number>();
  let lastSweep = now();
  // Expired entries are swept at most once a minute, so the maps cannot grow without bound.
  const sweep = () => {
    const time = now();
    if (time - lastSweep < 60_000) return;
    lastSweep = time;
    for (const [key, entry] of counters) if (entry.resetAt <= time) counters.delete(key);
    for (const [key, until] of waits) if (until <= time) waits.delete(key);
  };
  const current = (key: string) => {
    const entry = counters.get(key);
    return entry && entry.resetAt > now() ? entry : undefined;
  };
  // No method awaits anything before it has read and written its counter, so each runs whole before
  // the next request's call begins: that is what makes them atomic in one process.
  const hit = (key: string, windowMs: number) => {
    sweep();
    const entry = current(key);
    if (!entry) {
      counters.set(key, { count: 1, resetAt: now() + windowMs });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  };
  return {
    async increment(key, windowMs) {
      return hit(key, windowMs);
    },
    async hit(key, limit) {
      return hit(key, limit.windowMs) <= limit.max;
    },
    async reserve(key, limit) {
      const waitingFor = (waits.get(key) ?? 0) - now();
      if (waitingFor > 0) return { allowed: false, count: current(key)?.count ?? 0, retryAfterMs: waitingFor };
      const count = hit(key, limit.windowMs);
      if (count >= limit.attempts) waits.set(key, now() + waitAfter(limit, count));
      return { allowed: true, count, retryAfterMs: 0 };
    },
    async release(key, limit) {
      const entry = current(key);
      if (!entry || entry.count === 0) return;
      if (entry.count >= limit.attempts) waits.delete(key);
      entry.count -= 1;
      // Nothing left to remember: an attempt that was given back leaves no entry behind.
      if (entry.count === 0) counters.delete(key);
    },
    async reset(key) {
      counters.delete(key);
      waits.delete(key);
    },
  };
}

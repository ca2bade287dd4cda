/**
 * Counters and blocks for rate limits. In-process by default; Redis when REDIS_URL is set, so
 * that every instance sees the same counts.
 */
export interface RateLimitStore {
  /** Counts one more hit in a fixed window that starts with the first hit; returns the count. */
  increment(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
  /** Blocks a key for a while (or extends its block). */
  block(key: string, ms: number): Promise<void>;
  /** Milliseconds the key stays blocked, 0 when it is free. */
  blockedFor(key: string): Promise<number>;
}

export function memoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const blocks = new Map<string, number>();
  let lastSweep = now();
  // Expired entries are swept at most once a minute, so the maps cannot grow without bound.
  const sweep = () => {
    const time = now();
    if (time - lastSweep < 60_000) return;
    lastSweep = time;
    for (const [key, entry] of counters) if (entry.resetAt <= time) counters.delete(key);
    for (const [key, until] of blocks) if (until <= time) blocks.delete(key);
  };
  return {
    async increment(key, windowMs) {
      sweep();
      const time = now();
      const entry = counters.get(key);
      if (!entry || entry.resetAt <= time) {
        counters.set(key, { count: 1, resetAt: time + windowMs });
        return 1;
      }
      entry.count += 1;
      return entry.count;
    },
    async reset(key) {
      counters.delete(key);
      blocks.delete(key);
    },
    async block(key, ms) {
      blocks.set(key, now() + ms);
    },
    async blockedFor(key) {
      const until = blocks.get(key);
      return until === undefined ? 0 : Math.max(0, until - now());
    },
  };
}

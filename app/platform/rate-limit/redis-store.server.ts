import { createHmac } from 'node:crypto';
import { Redis, type Result } from 'ioredis';
import type { Logger } from '~/platform/logger.server';
import { memoryRateLimitStore, type RateLimitStore } from './store';

/**
 * Each operation is one Lua script, which Redis runs whole before any other command: the atomicity
 * that the in-process store gets from running to the end before the next call. KEYS[1] is the
 * counter, KEYS[2] the key's wait. A counter whose expiry was never set (an instance that died
 * between two commands) gets it at its next hit, so no count outlives its window for good.
 */
const scripts = {
  hitCounter: {
    numberOfKeys: 1,
    lua: `
      local count = redis.call('INCR', KEYS[1])
      if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
      return count`,
  },
  // ARGV: attempts, windowMs, then the waits in milliseconds. Returns {allowed, count, retryAfterMs}.
  reserveAttempt: {
    numberOfKeys: 2,
    lua: `
      local waiting = redis.call('PTTL', KEYS[2])
      if waiting > 0 then return {0, tonumber(redis.call('GET', KEYS[1]) or '0'), waiting} end
      local count = redis.call('INCR', KEYS[1])
      if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
      local attempts = tonumber(ARGV[1])
      if count >= attempts then
        redis.call('SET', KEYS[2], '1', 'PX', ARGV[3 + math.min(count - attempts, #ARGV - 3)])
      end
      return {1, count, 0}`,
  },
  // ARGV: attempts.
  releaseAttempt: {
    numberOfKeys: 2,
    lua: `
      local count = tonumber(redis.call('GET', KEYS[1]) or '0')
      if count <= 0 then return 0 end
      if count >= tonumber(ARGV[1]) then redis.call('DEL', KEYS[2]) end
      if count == 1 then
        redis.call('DEL', KEYS[1])
        return 0
      end
      return redis.call('DECR', KEYS[1])`,
  },
};

declare module 'ioredis' {
  interface RedisCommander<Context> {
    hitCounter(counter: string, windowMs: number): Result<number, Context>;
    reserveAttempt(
      counter: string,
      wait: string,
      attempts: number,
      windowMs: number,
      ...waitsMs: number[]
    ): Result<[number, number, number], Context>;
    releaseAttempt(counter: string, wait: string, attempts: number): Result<number, Context>;
  }
}

/** How long one command may take before the request uses the instance's own limits instead. */
const commandTimeoutMs = 500;
/** After a failed command, how long the instance's own limits answer before Redis is asked again. */
const retryAfterMs = 5_000;

/**
 * Rate limits shared by all instances through Redis. When Redis cannot be reached, the limits fall
 * back to this instance's own memory with a logged warning: limits get looser, nothing else breaks.
 * No request waits for Redis longer than one command timeout: commands are not queued while the
 * connection is down, and after a failure (a refused connection, or a Redis that stopped answering)
 * the instance's own limits answer for a while without asking Redis at all.
 */
export function redisRateLimitStore(
  url: string,
  logger: Pick<Logger, 'warn' | 'info'>,
  {
    keyPrefix = '',
    keySecret,
  }: {
    /** Put before every key, so that several deployments (brands, staging) can share one Redis. */
    keyPrefix?: string;
    /** Keys the hash of every key's subject; the same on every instance (SESSION_SECRET). */
    keySecret: string;
  },
): RateLimitStore & {
  /** Resolves true once Redis answers, false when the first connection attempt fails. */
  ready(): Promise<boolean>;
  /** False while the limits fall back to this instance's own memory (for the metrics). */
  shared(): Promise<boolean>;
  close(): Promise<void>;
} {
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: commandTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    scripts,
  });
  const firstConnection = new Promise<boolean>((resolve) => {
    redis.once('ready', () => resolve(true));
    redis.once('error', () => resolve(false));
  });
  let degraded = false;
  let sharedAgainAt = 0;
  const degrade = (error: unknown) => {
    if (!degraded) logger.warn({ err: error }, 'Redis unreachable: rate limits fall back to this instance');
    degraded = true;
  };
  const recover = () => {
    if (degraded) logger.info('Redis reachable again: rate limits are shared again');
    degraded = false;
  };
  // ioredis reports every failed reconnection attempt; one warning per outage is enough.
  redis.on('error', degrade);
  redis.on('ready', recover);
  const fallback = memoryRateLimitStore();
  const prefix = 'rl:';

  async function attempt<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (Date.now() < sharedAgainAt) return local();
    if (redis.status !== 'ready') {
      // The connection is gone and ioredis is still waiting to retry it: the warning comes with the
      // first request that falls back, not only when a reconnection attempt fails.
      degrade(new Error(`Redis connection ${redis.status}`));
      return local();
    }
    try {
      const result = await shared();
      recover();
      return result;
    } catch (error) {
      // A frozen Redis keeps its connection open, so ioredis still calls it ready: only the timeout tells.
      sharedAgainAt = Date.now() + retryAfterMs;
      degrade(error);
      return local();
    }
  }

  const hidden = hiddenSubject(keySecret);
  const counter = (key: string) => prefix + hidden(key);
  const wait = (key: string) => `${prefix}block:${hidden(key)}`;

  const increment = (key: string, windowMs: number) =>
    attempt(
      () => redis.hitCounter(counter(key), windowMs),
      () => fallback.increment(key, windowMs),
    );

  return {
    increment,
    hit: async (key, limit) => (await increment(key, limit.windowMs)) <= limit.max,
    reserve: (key, limit) =>
      attempt(
        async () => {
          const [allowed, count, retryAfterMs] = await redis.reserveAttempt(
            counter(key),
            wait(key),
            limit.attempts,
            limit.windowMs,
            ...limit.waitsMs,
          );
          return { allowed: allowed === 1, count, retryAfterMs };
        },
        () => fallback.reserve(key, limit),
      ),
    release: (key, limit) =>
      attempt(
        async () => {
          await redis.releaseAttempt(counter(key), wait(key), limit.attempts);
        },
        () => fallback.release(key, limit),
      ),
    reset: (key) =>
      attempt(
        async () => {
          await redis.del(counter(key), wait(key));
        },
        () => fallback.reset(key),
      ),
    ready: () => firstConnection,
    async shared() {
      // After an outage the limits are shared again with the next command that succeeds: asked here
      // too, so that an instance without requests does not report the outage for ever.
      if (degraded) {
        await attempt(
          () => redis.ping(),
          async () => '',
        );
      }
      return !degraded;
    },
    close: async () => {
      redis.disconnect();
    },
  };
}

/**
 * A key with its subject (after the kind, `login-fail:` or `register-ip:`) replaced by a keyed hash:
 * the subjects are email addresses, phone numbers and IP addresses, which anyone who can list the
 * keys of the Redis would otherwise read. The kind stays readable for an operator.
 */
export function hiddenSubject(secret: string): (key: string) => string {
  return (key) => {
    const kindEnd = key.indexOf(':');
    const subject = key.slice(kindEnd + 1);
    return `${key.slice(0, kindEnd + 1)}${createHmac('sha256', secret).update(subject).digest('base64url').slice(0, 22)}`;
  };
}

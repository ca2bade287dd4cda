import { Redis } from 'ioredis';
import type { Logger } from '~/platform/logger.server';
import { memoryRateLimitStore, type RateLimitStore } from './store';

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
  /** Put before every key, so that several deployments (brands, staging) can share one Redis. */
  { keyPrefix = '' }: { keyPrefix?: string } = {},
): RateLimitStore & {
  /** Resolves true once Redis answers, false when the first connection attempt fails. */
  ready(): Promise<boolean>;
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

  return {
    increment: (key, windowMs) =>
      attempt(
        async () => {
          const [[, count] = [], [, ttl] = []] = (await redis
            .multi()
            .incr(prefix + key)
            .pttl(prefix + key)
            .exec()) as [Error | null, number][];
          if (ttl === -1) await redis.pexpire(prefix + key, windowMs);
          return Number(count);
        },
        () => fallback.increment(key, windowMs),
      ),
    reset: (key) =>
      attempt(
        async () => {
          await redis.del(prefix + key, `${prefix}block:${key}`);
        },
        () => fallback.reset(key),
      ),
    block: (key, ms) =>
      attempt(
        async () => {
          await redis.set(`${prefix}block:${key}`, '1', 'PX', ms);
        },
        () => fallback.block(key, ms),
      ),
    blockedFor: (key) =>
      attempt(
        async () => Math.max(0, await redis.pttl(`${prefix}block:${key}`)),
        () => fallback.blockedFor(key),
      ),
    ready: () => firstConnection,
    close: async () => {
      redis.disconnect();
    },
  };
}

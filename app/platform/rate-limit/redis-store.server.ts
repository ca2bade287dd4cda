import { Redis } from 'ioredis';
import type { Logger } from '~/platform/logger.server';
import { memoryRateLimitStore, type RateLimitStore } from './store';

/**
 * Rate limits shared by all instances through Redis. When Redis cannot be reached, the limits fall
 * back to this instance's own memory with a logged warning: limits get looser, nothing else breaks.
 */
export function redisRateLimitStore(
  url: string,
  logger: Pick<Logger, 'warn' | 'info'>,
): RateLimitStore & {
  close(): Promise<void>;
} {
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let degraded = false;
  redis.on('error', (error) => {
    if (!degraded) logger.warn({ err: error }, 'Redis unreachable: rate limits fall back to this instance');
    degraded = true;
  });
  redis.on('ready', () => {
    if (degraded) logger.info('Redis reachable again: rate limits are shared again');
    degraded = false;
  });
  const fallback = memoryRateLimitStore();
  const prefix = 'rl:';

  async function attempt<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (redis.status !== 'ready') return local();
    try {
      return await shared();
    } catch (error) {
      logger.warn({ err: error }, 'Redis command failed: using this instance’s rate limits');
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
    close: async () => {
      redis.disconnect();
    },
  };
}

import { randomBytes } from 'node:crypto';
import { redisRateLimitStore } from '~/platform/rate-limit/redis-store.server';
import { memoryRateLimitStore, type RateLimitStore } from '~/platform/rate-limit/store';
import { deleteRedisKeys } from './scratch-services.mjs';

/**
 * The rate-limit stores a test runs against: always the in-process one, and Redis too when
 * TEST_REDIS_URL is set (as .ci/run sets it).
 */
export const rateLimitBackends: ('memory' | 'redis')[] = process.env.TEST_REDIS_URL ? ['memory', 'redis'] : ['memory'];

/**
 * The deployments a limit test runs against: PGlite with in-process limits, and PostgreSQL with
 * Redis when both TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
export const deploymentBackends: { database: 'pglite' | 'postgres'; limits: 'memory' | 'redis' }[] =
  process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [
        { database: 'pglite', limits: 'memory' },
        { database: 'postgres', limits: 'redis' },
      ]
    : [{ database: 'pglite', limits: 'memory' }];

export interface TestRateLimits {
  store: RateLimitStore;
  dispose(): Promise<void>;
}

/**
 * A rate-limit store of its own: the Redis one puts a random prefix before its keys (so that test
 * runs sharing the server never meet) and deletes them afterwards. Its `dispose` fails when the
 * store fell back to memory on the way, since the test would then not have tested Redis.
 */
export async function createTestRateLimits(backend: 'memory' | 'redis'): Promise<TestRateLimits> {
  if (backend === 'memory') return { store: memoryRateLimitStore(), dispose: async () => {} };
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set');
  const keyPrefix = `test-limits-${randomBytes(6).toString('hex')}:`;
  let fellBack = false;
  const logger = { warn: () => void (fellBack = true), info: () => {} };
  const store = redisRateLimitStore(url, logger, { keyPrefix, keySecret: randomBytes(32).toString('base64url') });
  if (!(await store.ready())) throw new Error('Redis at TEST_REDIS_URL does not answer');
  return {
    store,
    async dispose() {
      await store.close();
      await deleteRedisKeys(url, keyPrefix);
      if (fellBack) throw new Error('the Redis store fell back to memory during the test');
    },
  };
}

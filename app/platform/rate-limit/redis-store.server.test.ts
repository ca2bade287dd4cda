import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../../../tests/support/free-port';
import { startPrivateRedis } from '../../../tests/support/private-services';
import { deleteRedisKeys } from '../../../tests/support/scratch-services.mjs';
import { hiddenSubject, redisRateLimitStore } from './redis-store.server';
import type { AttemptLimit } from './store';

const { TEST_REDIS_URL } = process.env;
const keySecret = 'test-rate-limit-key-secret-0123456789';
const hidden = hiddenSubject(keySecret);
const minute = 60_000;
const loginLimit: AttemptLimit = { attempts: 5, windowMs: 24 * 60 * minute, waitsMs: [minute, 2 * minute] };

/** A logger that keeps the messages of warnings and info lines. */
function recordingLogger() {
  const lines: { level: 'warn' | 'info'; message: string }[] = [];
  const record = (level: 'warn' | 'info') => (first: unknown, second?: unknown) =>
    void lines.push({ level, message: String(typeof first === 'string' ? first : second) });
  return { lines, warn: record('warn'), info: record('info') };
}

describe('rate limits in Redis', () => {
  const stores: { close(): Promise<void> }[] = [];
  const open = (...args: Parameters<typeof redisRateLimitStore>) => {
    const store = redisRateLimitStore(...args);
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  it('fall back to the instance’s own memory, with one warning, while Redis cannot be reached', async () => {
    const logger = recordingLogger();
    const store = open(`redis://127.0.0.1:${await freePort()}`, logger, { keySecret });
    expect(await store.ready()).toBe(false);
    expect(await store.shared()).toBe(false);
    expect(await store.increment('register-ip:192.0.2.1', minute)).toBe(1);
    expect(await store.increment('register-ip:192.0.2.1', minute)).toBe(2);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => store.reserve('login-fail:a@example.org', loginLimit)),
    );
    expect(burst.filter((reservation) => reservation.allowed)).toHaveLength(5);
    await store.release('login-fail:a@example.org', loginLimit);
    expect((await store.reserve('login-fail:a@example.org', loginLimit)).allowed).toBe(true);
    // ioredis keeps trying to reconnect and reports each failure; the log says it once.
    await expect.poll(() => logger.lines.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(logger.lines).toEqual([
      { level: 'warn', message: 'Redis unreachable: rate limits fall back to this instance' },
    ]);
  });

  describe.skipIf(!TEST_REDIS_URL)('on the TEST_REDIS_URL server (needs TEST_REDIS_URL)', () => {
    const logger = recordingLogger();
    const prefix = () => `test-rate-limits-${randomBytes(6).toString('hex')}:`;

    it('share counts and blocks between instances', async () => {
      const keyPrefix = prefix();
      const one = open(TEST_REDIS_URL!, logger, { keyPrefix, keySecret });
      const other = open(TEST_REDIS_URL!, logger, { keyPrefix, keySecret });
      expect(await Promise.all([one.ready(), other.ready()])).toEqual([true, true]);
      expect(await Promise.all([one.shared(), other.shared()])).toEqual([true, true]);
      expect(await one.increment('register-ip:192.0.2.1', minute)).toBe(1);
      expect(await other.increment('register-ip:192.0.2.1', minute)).toBe(2);
      // Attempts on both instances together: five in all, then both refuse.
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          (index % 2 ? one : other).reserve('login-fail:b@example.org', loginLimit),
        ),
      );
      expect(burst.filter((reservation) => reservation.allowed)).toHaveLength(5);
      const refused = await one.reserve('login-fail:b@example.org', loginLimit);
      expect(refused.retryAfterMs).toBeGreaterThan(minute - 5_000);
      await other.release('login-fail:b@example.org', loginLimit);
      expect(await one.reserve('login-fail:b@example.org', loginLimit)).toEqual({
        allowed: true,
        count: 5,
        retryAfterMs: 0,
      });
      await one.reset('login-fail:b@example.org');
      expect(await other.reserve('login-fail:b@example.org', loginLimit)).toEqual({
        allowed: true,
        count: 1,
        retryAfterMs: 0,
      });
      await deleteRedisKeys(TEST_REDIS_URL!, keyPrefix);
    });

    it('give a counter left without expiry (an instance that died between two commands) its window again', async () => {
      const keyPrefix = prefix();
      const raw = new Redis(TEST_REDIS_URL!, { keyPrefix });
      const store = open(TEST_REDIS_URL!, logger, { keyPrefix, keySecret });
      try {
        await raw.set(`rl:${hidden('register-ip:192.0.2.9')}`, '7');
        await raw.set(`rl:${hidden('login-fail:c@example.org')}`, '2');
        expect(await store.ready()).toBe(true);
        expect(await store.increment('register-ip:192.0.2.9', minute)).toBe(8);
        expect(await store.reserve('login-fail:c@example.org', loginLimit)).toMatchObject({ allowed: true, count: 3 });
        for (const key of [`rl:${hidden('register-ip:192.0.2.9')}`, `rl:${hidden('login-fail:c@example.org')}`]) {
          const ttl = await raw.pttl(key);
          expect(ttl).toBeGreaterThan(0);
          expect(ttl).toBeLessThanOrEqual(24 * 60 * minute);
        }
      } finally {
        raw.disconnect();
        await deleteRedisKeys(TEST_REDIS_URL!, keyPrefix);
      }
    });

    it('keep the addresses, numbers and emails they count out of the key names', async () => {
      const keyPrefix = prefix();
      const store = open(TEST_REDIS_URL!, logger, { keyPrefix, keySecret });
      const raw = new Redis(TEST_REDIS_URL!);
      try {
        expect(await store.ready()).toBe(true);
        await store.reserve('login-fail:erika@example.org', loginLimit);
        await store.increment('phone-code-to:+4915112345678', minute);
        const keys = await raw.keys(`${keyPrefix}*`);
        expect(keys).toHaveLength(2);
        expect(keys.join(' ')).not.toMatch(/erika|example|4915112345678/);
        expect(keys).toContain(`${keyPrefix}rl:${hidden('login-fail:erika@example.org')}`);
        expect(keys.some((key) => key.startsWith(`${keyPrefix}rl:phone-code-to:`))).toBe(true);
      } finally {
        raw.disconnect();
        await deleteRedisKeys(TEST_REDIS_URL!, keyPrefix);
      }
    });

    it('keep deployments with different key prefixes apart', async () => {
      const cab = open(TEST_REDIS_URL!, logger, { keyPrefix: prefix(), keySecret });
      const flinkster = open(TEST_REDIS_URL!, logger, { keyPrefix: prefix(), keySecret });
      expect(await Promise.all([cab.ready(), flinkster.ready()])).toEqual([true, true]);
      expect(await cab.increment('register-ip:192.0.2.1', minute)).toBe(1);
      expect(await flinkster.increment('register-ip:192.0.2.1', minute)).toBe(1);
      await Promise.all([cab.reset('register-ip:192.0.2.1'), flinkster.reset('register-ip:192.0.2.1')]);
      expect(logger.lines).toEqual([]);
    });

    // A private redis-server, so that freezing it disturbs nothing else (the machines with TEST_REDIS_URL have one).
    it('say they are shared again once a frozen Redis answers, with no request in between', async () => {
      const redis = await startPrivateRedis();
      onTestFinished(() => redis.dispose());
      const frozenLogger = recordingLogger();
      const store = open(redis.url, frozenLogger, { keySecret });
      expect(await store.ready()).toBe(true);
      expect(await store.shared()).toBe(true);
      redis.freeze();
      expect(await store.increment('register-ip:192.0.2.1', minute)).toBe(1);
      expect(await store.shared()).toBe(false);
      redis.thaw();
      await expect.poll(() => store.shared(), { timeout: 10_000, interval: 500 }).toBe(true);
      expect(frozenLogger.lines.map((line) => line.message)).toEqual([
        'Redis unreachable: rate limits fall back to this instance',
        'Redis reachable again: rate limits are shared again',
      ]);
    }, 30_000);
  });
});

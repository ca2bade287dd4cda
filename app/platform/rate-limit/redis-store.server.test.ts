import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/support/free-port';
import { redisRateLimitStore } from './redis-store.server';

const { TEST_REDIS_URL } = process.env;
const minute = 60_000;

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
    const store = open(`redis://127.0.0.1:${await freePort()}`, logger);
    expect(await store.ready()).toBe(false);
    expect(await store.increment('login-fail:a@example.org', minute)).toBe(1);
    expect(await store.increment('login-fail:a@example.org', minute)).toBe(2);
    await store.block('login-fail:a@example.org', minute);
    expect(await store.blockedFor('login-fail:a@example.org')).toBeGreaterThan(0);
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
      const one = open(TEST_REDIS_URL!, logger, { keyPrefix });
      const other = open(TEST_REDIS_URL!, logger, { keyPrefix });
      expect(await Promise.all([one.ready(), other.ready()])).toEqual([true, true]);
      expect(await one.increment('login-fail:b@example.org', minute)).toBe(1);
      expect(await other.increment('login-fail:b@example.org', minute)).toBe(2);
      await other.block('login-fail:b@example.org', minute);
      expect(await one.blockedFor('login-fail:b@example.org')).toBeGreaterThan(minute - 5_000);
      await one.reset('login-fail:b@example.org');
      expect(await other.blockedFor('login-fail:b@example.org')).toBe(0);
      expect(await other.increment('login-fail:b@example.org', minute)).toBe(1);
      await other.reset('login-fail:b@example.org');
    });

    it('keep deployments with different key prefixes apart', async () => {
      const cab = open(TEST_REDIS_URL!, logger, { keyPrefix: prefix() });
      const flinkster = open(TEST_REDIS_URL!, logger, { keyPrefix: prefix() });
      expect(await Promise.all([cab.ready(), flinkster.ready()])).toEqual([true, true]);
      expect(await cab.increment('register-ip:192.0.2.1', minute)).toBe(1);
      expect(await flinkster.increment('register-ip:192.0.2.1', minute)).toBe(1);
      await Promise.all([cab.reset('register-ip:192.0.2.1'), flinkster.reset('register-ip:192.0.2.1')]);
      expect(logger.lines).toEqual([]);
    });
  });
});

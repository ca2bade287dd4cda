import { afterEach, describe, expect, it } from 'vitest';
import { createTestRateLimits, rateLimitBackends, type TestRateLimits } from '../../../tests/support/test-rate-limits';
import { memoryRateLimitStore, type AttemptLimit } from './store';

const minute = 60_000;
const fiveThenWait: AttemptLimit = { attempts: 5, windowMs: 60 * minute, waitsMs: [minute, 2 * minute] };

describe.each(rateLimitBackends)('rate-limit store (%s)', (backend) => {
  let limits: TestRateLimits | undefined;
  afterEach(async () => {
    await limits?.dispose();
    limits = undefined;
  });
  const open = async () => (limits = await createTestRateLimits(backend)).store;

  it('counts hits sent together one by one: every count comes once', async () => {
    const store = await open();
    const counts = await Promise.all(Array.from({ length: 40 }, () => store.increment('hits', minute)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  });

  it('lets exactly the limit of hits sent together through, and refuses the rest', async () => {
    const store = await open();
    const limit = { max: 20, windowMs: minute };
    const answers = await Promise.all(Array.from({ length: 50 }, () => store.hit('registrations', limit)));
    expect(answers.filter(Boolean)).toHaveLength(20);
    expect(await store.hit('registrations', limit)).toBe(false);
    expect(await store.hit('other registrations', limit)).toBe(true);
  });

  it('reserves attempts up to the limit, starts the wait with the last one, and refuses while it lasts', async () => {
    const store = await open();
    for (let count = 1; count <= 5; count++) {
      expect(await store.reserve('guesses', fiveThenWait)).toEqual({ allowed: true, count, retryAfterMs: 0 });
    }
    const refused = await store.reserve('guesses', fiveThenWait);
    expect(refused).toMatchObject({ allowed: false, count: 5 });
    expect(refused.retryAfterMs).toBeGreaterThan(minute - 5_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(minute);
    // Another key has limits of its own.
    expect(await store.reserve('other guesses', fiveThenWait)).toMatchObject({ allowed: true, count: 1 });
  });

  it('lets exactly the limit through of 30 attempts sent together, and counts none of the refused', async () => {
    const store = await open();
    const reservations = await Promise.all(Array.from({ length: 30 }, () => store.reserve('burst', fiveThenWait)));
    const allowed = reservations.filter((reservation) => reservation.allowed);
    expect(allowed.map((reservation) => reservation.count).sort()).toEqual([1, 2, 3, 4, 5]);
    for (const refused of reservations.filter((reservation) => !reservation.allowed)) {
      expect(refused.retryAfterMs).toBeGreaterThan(0);
    }
    expect(await store.reserve('burst', fiveThenWait)).toMatchObject({ allowed: false, count: 5 });
  });

  it('gives a reservation back: the wait that it started ends, and the attempt can be made again', async () => {
    const store = await open();
    await Promise.all(Array.from({ length: 5 }, () => store.reserve('released', fiveThenWait)));
    await store.release('released', fiveThenWait);
    expect(await store.reserve('released', fiveThenWait)).toEqual({ allowed: true, count: 5, retryAfterMs: 0 });
    expect((await store.reserve('released', fiveThenWait)).allowed).toBe(false);

    // Below the limit a give-back only lowers the count, and never below nothing.
    await store.release('below', fiveThenWait);
    await store.reserve('below', fiveThenWait);
    await store.release('below', fiveThenWait);
    await store.release('below', fiveThenWait);
    expect(await store.reserve('below', fiveThenWait)).toMatchObject({ allowed: true, count: 1 });
  });

  it('keeps as many failures standing as the limit at most, when successes give theirs back in between', async () => {
    const store = await open();
    // 30 attempts together; every third one allowed succeeds and gives its reservation back.
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        if (!(await store.reserve('mixed', fiveThenWait)).allowed) return 'refused';
        if (index % 3 !== 0) return 'failed';
        await store.release('mixed', fiveThenWait);
        return 'succeeded';
      }),
    );
    const failed = outcomes.filter((outcome) => outcome === 'failed').length;
    expect(failed).toBeLessThanOrEqual(5);
    // The count is the failures that stand: the next attempt is the one after them.
    const next = await store.reserve('mixed', fiveThenWait);
    expect(next.count).toBe(failed < 5 ? failed + 1 : 5);
  });

  it('forgets count and wait on reset', async () => {
    const store = await open();
    await Promise.all(Array.from({ length: 6 }, () => store.reserve('forgotten', fiveThenWait)));
    await store.reset('forgotten');
    expect(await store.reserve('forgotten', fiveThenWait)).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
  });
});

describe('in-process rate-limit store over time', () => {
  function clocked() {
    let time = Date.UTC(2026, 10, 23, 8);
    return { store: memoryRateLimitStore(() => time), advance: (ms: number) => (time += ms) };
  }

  it('waits longer with every attempt past the limit, the last wait repeating', async () => {
    const { store, advance } = clocked();
    for (let i = 0; i < 4; i++) await store.reserve('key', fiveThenWait);
    for (const wait of [minute, 2 * minute, 2 * minute]) {
      expect((await store.reserve('key', fiveThenWait)).allowed).toBe(true);
      expect(await store.reserve('key', fiveThenWait)).toMatchObject({ allowed: false, retryAfterMs: wait });
      advance(wait - 1);
      expect((await store.reserve('key', fiveThenWait)).allowed).toBe(false);
      advance(1);
    }
  });

  it('starts counting again when the window has passed', async () => {
    const { store, advance } = clocked();
    expect(await store.increment('hits', minute)).toBe(1);
    expect(await store.increment('hits', minute)).toBe(2);
    await store.reserve('key', { ...fiveThenWait, windowMs: minute });
    advance(minute);
    expect(await store.increment('hits', minute)).toBe(1);
    expect(await store.reserve('key', { ...fiveThenWait, windowMs: minute })).toMatchObject({ count: 1 });
  });
});

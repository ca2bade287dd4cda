import { describe, expect, it, vi } from 'vitest';
import { httpRequest, retriesFor, retryStatuses } from './http-client';
import { claimReload, isChunkLoadError, RELOAD_GUARD_MS } from './reload-guard';

function fakeFetch(statuses: (number | Error)[]) {
  const calls: string[] = [];
  const fn = vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
    calls.push(init?.method ?? 'GET');
    const next = statuses.shift();
    if (next instanceof Error) throw next;
    return new Response(null, { status: next ?? 200 });
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

describe('HTTP client retry policy', () => {
  it('retries the specified statuses', () => {
    expect([...retryStatuses].sort((a, b) => a - b)).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    expect(retriesFor('get')).toBe(1);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(retriesFor(method)).toBe(0);
  });

  it('retries a reading request once on a retryable status', async () => {
    const { fn, calls } = fakeFetch([503, 503, 200]);
    const response = await httpRequest('/x', {}, { fetch: fn, retryDelayMs: 0 });
    expect(response.status).toBe(503);
    expect(calls).toHaveLength(2);
  });

  it('returns after the retry succeeds, and never retries other statuses', async () => {
    const first = fakeFetch([429, 200]);
    expect((await httpRequest('/x', {}, { fetch: first.fn, retryDelayMs: 0 })).status).toBe(200);
    const second = fakeFetch([404, 200]);
    expect((await httpRequest('/x', {}, { fetch: second.fn, retryDelayMs: 0 })).status).toBe(404);
    expect(second.calls).toHaveLength(1);
  });

  it('never repeats a write', async () => {
    const { fn, calls } = fakeFetch([503, 200]);
    expect((await httpRequest('/x', { method: 'POST' }, { fetch: fn, retryDelayMs: 0 })).status).toBe(503);
    expect(calls).toEqual(['POST']);
  });

  it('retries a reading request once after a network error', async () => {
    const { fn, calls } = fakeFetch([new TypeError('offline'), 200]);
    expect((await httpRequest('/x', {}, { fetch: fn, retryDelayMs: 0 })).status).toBe(200);
    expect(calls).toHaveLength(2);
  });
});

describe('reload guard', () => {
  function memoryStorage() {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
  }

  it('allows one reload per path within 10 seconds', () => {
    const storage = memoryStorage();
    expect(claimReload(storage, '/de/start', 1_000)).toBe(true);
    expect(claimReload(storage, '/de/start', 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(claimReload(storage, '/en/home', 1_500)).toBe(true);
    expect(claimReload(storage, '/de/start', 1_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  it('recognises failed chunk loads of the major browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

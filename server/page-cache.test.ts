import { describe, expect, it } from 'vitest';
import { PageCache, renderCachedPage, sharedTtlSeconds, splitAtNonce } from './page-cache';

const html = (extra: Record<string, string> = {}) =>
  new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'public, max-age=0, s-maxage=60',
    ...extra,
  });

describe('page cache', () => {
  it('stores only public HTML answers without cookies', () => {
    expect(sharedTtlSeconds(200, html())).toBe(60);
    expect(sharedTtlSeconds(404, html())).toBe(0);
    expect(sharedTtlSeconds(200, html({ 'set-cookie': 'sid=1' }))).toBe(0);
    expect(sharedTtlSeconds(200, html({ 'cache-control': 'private, no-store' }))).toBe(0);
    expect(sharedTtlSeconds(200, new Headers({ 'content-type': 'text/html' }))).toBe(0);
    expect(sharedTtlSeconds(200, html({ 'content-type': 'application/json' }))).toBe(0);
  });

  it('puts a fresh nonce everywhere the stored one was', () => {
    const page = splitAtNonce('<script nonce="N1">ä</script><link nonce="N1">', 'N1');
    expect(renderCachedPage(page, 'N22').toString()).toBe('<script nonce="N22">ä</script><link nonce="N22">');
    expect(renderCachedPage(splitAtNonce('no nonce', 'N1'), 'N2').toString()).toBe('no nonce');
    expect(renderCachedPage(splitAtNonce('N1', 'N1'), 'N2').toString()).toBe('N2');
  });

  it('forgets pages after their time and the oldest page when full', () => {
    let now = 0;
    const cache = new PageCache(2, () => now);
    const page = { status: 200, headers: [], vary: undefined, ...splitAtNonce('x', 'N1') };
    cache.set('/a', page, 60);
    cache.set('/b', page, 60);
    cache.set('/c', page, 60);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/c')).toEqual({ ...page, expiresAt: 60_000 });
    now = 60_000;
    expect(cache.get('/b')).toBeUndefined();
  });
});

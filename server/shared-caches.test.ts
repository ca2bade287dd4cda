import { describe, expect, it } from 'vitest';
import { sharedCaching } from './shared-caches';

const publicPage = 'public, max-age=0, s-maxage=60';

describe('what shared caches are told', () => {
  it('leaves an answer the route did not mark public as it is', () => {
    expect(sharedCaching('private, no-store', { cookies: undefined, hasSession: false }, false)).toBeUndefined();
    expect(sharedCaching(null, { cookies: 'sid=x', hasSession: true }, false)).toBeUndefined();
  });

  it('lets them keep a public page made for a visitor without a session or a choice, varying by cookie', () => {
    expect(sharedCaching(publicPage, { cookies: undefined, hasSession: false }, false)).toEqual({
      cacheControl: publicPage,
      vary: 'Cookie',
    });
    expect(sharedCaching(publicPage, { cookies: 'csrf=abc', hasSession: false }, false)?.cacheControl).toBe(publicPage);
  });

  it('never lets anyone store a page made for a session, or one that sets a cookie', () => {
    const never = { cacheControl: 'private, no-store', vary: 'Cookie' };
    expect(sharedCaching(publicPage, { cookies: 'sid=abc', hasSession: true }, false)).toEqual(never);
    expect(sharedCaching(publicPage, { cookies: undefined, hasSession: false }, true)).toEqual(never);
  });

  it('keeps a page made for a consent choice to the browser', () => {
    expect(sharedCaching(publicPage, { cookies: 'consent=v1.accepted', hasSession: false }, false)).toEqual({
      cacheControl: 'private, max-age=0',
      vary: 'Cookie',
    });
    // A value of another version is no choice: the visitor is asked again, as any visitor without one.
    expect(sharedCaching(publicPage, { cookies: 'consent=v0.accepted', hasSession: false }, false)?.cacheControl).toBe(
      publicPage,
    );
  });
});

import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionContext } from './context';
import type { CurrentSession } from './features/accounts/sessions.server';
import { counterpartOf } from './i18n/route-table';
import { resolvePageScope, servedFor } from './request-scope.server';

function scopeOf(url: string, headers: Record<string, string> = {}, session: CurrentSession | null = null) {
  const context = new RouterContextProvider();
  context.set(sessionContext, session);
  const request = new Request(`https://kunden.example.com${url}`, { headers });
  return resolvePageScope(request, new URL(request.url), context);
}

describe('the request scope', () => {
  it('takes locale and page from a named page’s path, whatever the browser prefers', () => {
    expect(scopeOf('/en/self-service/data', { 'accept-language': 'de' })).toEqual({
      pathname: '/en/self-service/data',
      locale: 'en',
      pathLocale: 'en',
      pageId: 'data',
      embeddedPage: false,
      customer: null,
    });
    expect(scopeOf('/de/embedded-kundenbereich/')).toMatchObject({ pageId: 'selfServiceEmbedded', embeddedPage: true });
  });

  it('falls back to the locale cookie, then Accept-Language, for a path without a locale', () => {
    expect(scopeOf('/resources/credit-statement', { cookie: 'locale=en' })).toMatchObject({
      locale: 'en',
      pathLocale: null,
      pageId: null,
    });
    expect(scopeOf('/terminal', { 'accept-language': 'en-GB,en;q=0.8' }).locale).toBe('en');
    expect(scopeOf('/terminal').locale).toBe('de');
  });

  it('carries the logged-in customer the session was read with', () => {
    const session: CurrentSession = {
      idHash: 'h',
      customerId: 'c',
      authenticatedAt: new Date(),
      customer: { firstName: 'Erika', emailVerified: true },
    };
    expect(scopeOf('/de/kundenbereich', {}, session).customer).toEqual({ firstName: 'Erika', emailVerified: true });
  });
});

describe('pages per brand (docs/rules/reports.md#report-pages-per-brand)', () => {
  it('serves the bike report and the terminal on cab only, the damage report on flinkster only', () => {
    expect(servedFor('cab', 'reportBike', '/de/rad-melden')).toBe(true);
    expect(servedFor('flinkster', 'reportBike', '/de/rad-melden')).toBe(false);
    expect(servedFor('flinkster', 'reportBikeWebView', '/webviews/de/melden')).toBe(false);
    expect(servedFor('flinkster', 'reportDamage', '/de/schaden-melden')).toBe(true);
    expect(servedFor('cab', 'reportDamageWebView', '/webviews/en/report-damage')).toBe(false);
    expect(servedFor('cab', null, '/terminal')).toBe(true);
    expect(servedFor('flinkster', null, '/terminal')).toBe(false);
    expect(servedFor('flinkster', null, '/de/terminal/melden')).toBe(false);
  });

  it('names the page that does a report page’s job on the other brand, and none for a page the brand offers', () => {
    expect(counterpartOf('reportBikeWebView', 'flinkster')).toBe('reportDamageWebView');
    expect(counterpartOf('reportBike', 'flinkster')).toBe('reportDamage');
    expect(counterpartOf('reportDamage', 'cab')).toBe('reportBike');
    expect(counterpartOf('reportBike', 'cab')).toBeNull();
    expect(counterpartOf('priceList', 'flinkster')).toBeNull();
  });

  it('serves every page that names no brand on both', () => {
    for (const brand of ['cab', 'flinkster'] as const) {
      expect(servedFor(brand, 'priceList', '/de/preisverzeichnis')).toBe(true);
      expect(servedFor(brand, null, '/de/agb')).toBe(true);
    }
  });
});

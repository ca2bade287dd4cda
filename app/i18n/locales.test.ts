import { describe, expect, it } from 'vitest';
import { localeFromPath, preferredLocale } from './locales';

describe('locales', () => {
  it('reads the locale from regular, web-view and legal web-view paths', () => {
    expect(localeFromPath('/en/pricelist')).toBe('en');
    expect(localeFromPath('/webviews/de/melden')).toBe('de');
    expect(localeFromPath('/webviews/legal/en/barrierefreiheit')).toBe('en');
    expect(localeFromPath('/xx/foo')).toBeUndefined();
    expect(localeFromPath('/')).toBeUndefined();
  });

  it('prefers the cookie, then Accept-Language by quality, then German', () => {
    expect(preferredLocale('en', 'de-DE')).toBe('en');
    expect(preferredLocale(undefined, 'fr-FR, en-GB;q=0.8, de;q=0.5')).toBe('en');
    expect(preferredLocale(undefined, 'de;q=0.4, en;q=0.9')).toBe('en');
    expect(preferredLocale('fr', 'fr-FR')).toBe('de');
    expect(preferredLocale(undefined, null)).toBe('de');
  });
});

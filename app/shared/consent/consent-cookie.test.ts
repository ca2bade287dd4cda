import { describe, expect, it } from 'vitest';
import {
  consentCookie,
  consentFromCookies,
  consentMaxAgeSeconds,
  consentValue,
  consentVersion,
  pageCacheKey,
  parseConsentValue,
} from './consent-cookie';

describe('consent cookie', () => {
  it('stores a choice with the current version and reads it back', () => {
    expect(consentValue('accepted')).toBe(`v${consentVersion}.accepted`);
    expect(parseConsentValue(consentValue('accepted'))).toBe('accepted');
    expect(parseConsentValue(consentValue('rejected'))).toBe('rejected');
  });

  it('treats a choice of another version as no choice, so everyone is asked again after a change', () => {
    expect(parseConsentValue(`v${consentVersion + 1}.accepted`)).toBeNull();
    expect(parseConsentValue(`v${consentVersion - 1}.accepted`)).toBeNull();
    expect(parseConsentValue('accepted')).toBeNull();
  });

  it('treats missing and malformed values as no choice', () => {
    for (const value of [undefined, null, '', 'v1.', 'v1.maybe', 'v1.accepted.extra', 'v1.ACCEPTED', 'vx.accepted']) {
      expect(parseConsentValue(value)).toBeNull();
    }
  });

  it('reads the choice from a Cookie header among other cookies', () => {
    expect(consentFromCookies(`sid=abc; consent=v${consentVersion}.rejected; locale=en`)).toBe('rejected');
    expect(consentFromCookies('sid=abc; locale=en')).toBeNull();
    expect(consentFromCookies(null)).toBeNull();
    expect(consentFromCookies(undefined)).toBeNull();
  });

  it('is a first-party cookie for the whole site, for a year, readable by the page that writes it', () => {
    const cookie = consentCookie('accepted', true);
    expect(cookie).toBe(
      `consent=v${consentVersion}.accepted; Path=/; Max-Age=${consentMaxAgeSeconds}; SameSite=Lax; Secure`,
    );
    expect(cookie).not.toMatch(/HttpOnly|Domain=/i);
    expect(consentCookie('rejected', false)).not.toContain('Secure');
    expect(consentMaxAgeSeconds).toBe(31_536_000);
  });

  it('keeps the page-cache key of an undecided visitor the plain path and separates the choices', () => {
    expect(pageCacheKey('/de/start', undefined)).toBe('/de/start');
    expect(pageCacheKey('/de/start', 'locale=de; consent=v0.accepted')).toBe('/de/start');
    const accepted = pageCacheKey('/de/start', `consent=${consentValue('accepted')}`);
    const rejected = pageCacheKey('/de/start', `consent=${consentValue('rejected')}`);
    expect(new Set(['/de/start', accepted, rejected]).size).toBe(3);
  });
});

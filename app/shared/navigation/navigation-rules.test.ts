import { describe, expect, it } from 'vitest';
import { campaignActionCode, carriedParams, localeSwitchHref, withCarriedQuery } from './carry-query';
import { resolveRedirect } from './redirects';
import { cancelContractTarget, reportWebViewTarget } from './rewrites';

describe('carried query values', () => {
  it('carries dbcembedded 1 or 2, utm* and gclid, and nothing else', () => {
    const carried = carriedParams('?dbcembedded=2&utm_source=news&utm_campaign=spring&gclid=abc&q=x&actioncode=y');
    expect(carried.toString()).toBe('dbcembedded=2&utm_source=news&utm_campaign=spring&gclid=abc');
    expect(carriedParams('?dbcembedded=3').toString()).toBe('');
  });

  it('adds them to the next route only where it lacks them', () => {
    expect(withCarriedQuery('/de/preisverzeichnis', '?utm_source=news&gclid=abc')).toBe(
      '/de/preisverzeichnis?utm_source=news&gclid=abc',
    );
    expect(withCarriedQuery('/de/preisverzeichnis?utm_source=own#top', '?utm_source=news&dbcembedded=1')).toBe(
      '/de/preisverzeichnis?utm_source=own&dbcembedded=1#top',
    );
    expect(withCarriedQuery('/de/start', '?q=1')).toBe('/de/start');
  });

  it('keeps the query string on a locale switch when the target has none', () => {
    expect(localeSwitchHref('/en/pricelist', '?utm_source=x&foo=1')).toBe('/en/pricelist?utm_source=x&foo=1');
    expect(localeSwitchHref('/en/pricelist?a=1', '?utm_source=x')).toBe('/en/pricelist?a=1');
    expect(localeSwitchHref('/en/pricelist', '')).toBe('/en/pricelist');
  });

  it('sets actioncode=airbus on registrieren-airbus only when absent', () => {
    expect(campaignActionCode('registrieren-airbus', '?utm_source=x')).toBe('utm_source=x&actioncode=airbus');
    expect(campaignActionCode('registrieren-airbus', '?actioncode=other')).toBeNull();
    expect(campaignActionCode('registrieren', '')).toBeNull();
  });
});

describe('server-declared redirects', () => {
  const rules = [
    { source: '/de/preise', target: '/de/preisverzeichnis', permanent: true },
    { source: '/de/presse', target: 'https://presse.example.com/', permanent: false },
  ];

  it('follows a local redirect with the visitor’s query', () => {
    expect(resolveRedirect(rules, '/de/preise/', '?utm_source=x')).toEqual({
      location: '/de/preisverzeichnis?utm_source=x',
      status: 301,
      external: false,
    });
  });

  it('lets an absolute target leave the app', () => {
    expect(resolveRedirect(rules, '/de/presse', '?a=1')).toEqual({
      location: 'https://presse.example.com/',
      status: 302,
      external: true,
    });
    expect(resolveRedirect(rules, '/de/anderes', '')).toBeNull();
  });
});

describe('brand rewrites', () => {
  it('rewrites /cancel-contract to /{locale}/kuendigen unless the brand is flinkster', () => {
    expect(cancelContractTarget('cab', 'en')).toBe('/en/kuendigen');
    expect(cancelContractTarget('flinkster', 'de')).toBeNull();
  });

  it('rewrites report web views to the report page unless the brand is flinkster', () => {
    expect(reportWebViewTarget('cab', 'de')).toBe('/de/rad-melden');
    expect(reportWebViewTarget('flinkster', 'de')).toBeNull();
  });
});

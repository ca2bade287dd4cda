import { describe, expect, it } from 'vitest';
import { analyticsConfig, analyticsOrigin, createTracker, pathOnly } from './index';
import { matomoPageViewUrl, matomoTracker } from './matomo';

const config = { provider: 'matomo', url: 'https://stats.example.com/matomo', siteId: '7' } as const;

describe('Matomo page views', () => {
  it('builds the tracking API call with site, title and the page URL', () => {
    const url = new URL(
      matomoPageViewUrl(config, { path: '/de/preisverzeichnis', title: 'Preise' }, 'https://kunden.example', 'r1'),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://stats.example.com/matomo/matomo.php');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      idsite: '7',
      rec: '1',
      apiv: '1',
      action_name: 'Preise',
      url: 'https://kunden.example/de/preisverzeichnis',
      send_image: '0',
      rand: 'r1',
    });
  });

  it('never sends a query string or fragment of the page, nor any visitor id', () => {
    const url = new URL(
      matomoPageViewUrl(
        config,
        { path: '/de/passwort-setzen?token=secret-token&utm_source=x#form', title: 'Neues Passwort' },
        'https://kunden.example',
        'r',
      ),
    );
    expect(url.searchParams.get('url')).toBe('https://kunden.example/de/passwort-setzen');
    expect(url.toString()).not.toContain('secret-token');
    for (const id of ['_id', 'uid', 'cid', '_idts', 'urlref']) expect(url.searchParams.has(id)).toBe(false);
  });

  it('sends one request per page view through its transport', () => {
    const sent: string[] = [];
    const tracker = matomoTracker(config, { send: (url) => sent.push(url), origin: 'https://kunden.example' });
    tracker.pageView({ path: '/en/home?x=1', title: 'Home' });
    tracker.pageView({ path: '/en/pricelist', title: 'Prices' });
    expect(sent.map((url) => new URL(url).searchParams.get('url'))).toEqual([
      'https://kunden.example/en/home',
      'https://kunden.example/en/pricelist',
    ]);
  });

  it('is off unless the brand sends page views and both settings are present', () => {
    const settings = { brandSendsPageViews: true, matomoUrl: 'https://stats.example.com/', matomoSiteId: '3' };
    expect(analyticsConfig(settings)).toEqual({ provider: 'matomo', url: 'https://stats.example.com', siteId: '3' });
    expect(analyticsConfig({ ...settings, brandSendsPageViews: false })).toBeNull();
    expect(analyticsConfig({ ...settings, matomoUrl: undefined })).toBeNull();
    expect(analyticsConfig({ ...settings, matomoSiteId: undefined })).toBeNull();
    expect(createTracker(null)).toBeNull();
    expect(analyticsOrigin(analyticsConfig(settings))).toBe('https://stats.example.com');
    expect(analyticsOrigin(null)).toBeNull();
  });

  it('cuts paths at the query or fragment', () => {
    expect(pathOnly('/a/b?c=d')).toBe('/a/b');
    expect(pathOnly('/a#b?c')).toBe('/a');
    expect(pathOnly('/a')).toBe('/a');
  });
});

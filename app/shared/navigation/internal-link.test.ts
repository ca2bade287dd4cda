import { describe, expect, it } from 'vitest';
import { pageIds, pages } from '~/i18n/route-table';
import { hrefInLocale, internalHref, isPageHref, requestedHref, staysEmbedded } from './internal-link';

const site = { pathname: pages.home.de, search: '' };
const campaign = { pathname: pages.home.de, search: '?utm_source=news&utm_medium=mail&gclid=abc&q=1' };

describe('link builder on the site', () => {
  it('carries utm* and gclid to every page, and nothing else of the query', () => {
    expect(internalHref(pages.priceList.de, campaign)).toBe(
      `${pages.priceList.de}?utm_source=news&utm_medium=mail&gclid=abc`,
    );
    expect(internalHref('/de/agb#widerruf', campaign)).toBe(
      '/de/agb?utm_source=news&utm_medium=mail&gclid=abc#widerruf',
    );
  });

  it('keeps a value the target sets itself', () => {
    expect(internalHref(`${pages.register.de}?utm_source=own&actioncode=x`, campaign)).toBe(
      `${pages.register.de}?utm_source=own&actioncode=x&utm_medium=mail&gclid=abc`,
    );
  });

  it('leaves other sites, mail and phone addresses, hashes and resources alone', () => {
    for (const href of [
      'https://apps.example.com/app',
      '//evil.example/x',
      'mailto:service@example.com',
      'tel:+4930123',
      '#main',
      '/resources/credit-statement?locale=de',
    ]) {
      expect(internalHref(href, campaign), href).toBe(href);
      expect(isPageHref(href), href).toBe(false);
    }
  });

  it('links the site copy of a page made for the apps', () => {
    expect(internalHref(pages.accessibility.en, site)).toBe(pages.accessibilityStatement.en);
    expect(internalHref(`${pages.dataEmbedded.de}?done=1`, campaign)).toBe(
      `${pages.data.de}?done=1&utm_source=news&utm_medium=mail&gclid=abc`,
    );
  });

  it('leaves a web view without a copy on the site as it is', () => {
    expect(internalHref(pages.reportBikeWebView.de, site)).toBe(pages.reportBikeWebView.de);
  });
});

describe('link builder in a web view', () => {
  const embeddedLogin = { pathname: pages.loginEmbedded.en, search: '?utm_source=app' };

  it('links the web-view copy of "forgot password" and "register" from the embedded login', () => {
    expect(internalHref(pages.passwordResetStart.en, embeddedLogin)).toBe(
      `${pages.passwordResetStartEmbedded.en}?utm_source=app`,
    );
    expect(internalHref(pages.register.en, embeddedLogin)).toBe(`${pages.registerEmbedded.en}?utm_source=app`);
  });

  it('marks a page without a web-view copy as embedded', () => {
    expect(internalHref(pages.contract.de, { pathname: pages.selfServiceEmbedded.de, search: '' })).toBe(
      `${pages.contract.de}?dbcembedded=1`,
    );
    expect(internalHref('/de/agb#a', { pathname: pages.accessibility.de, search: '' })).toBe('/de/agb?dbcembedded=1#a');
  });

  it('keeps the marker the app set, on the site’s pages and their web-view copies', () => {
    const fromApp = { pathname: pages.reportBike.de, search: '?dbcembedded=2&gclid=g' };
    expect(internalHref(pages.priceList.de, fromApp)).toBe(`${pages.priceList.de}?dbcembedded=2&gclid=g`);
    expect(internalHref(pages.login.de, fromApp)).toBe(`${pages.loginEmbedded.de}?dbcembedded=2&gclid=g`);
  });

  it('gives no marker to a web-view path, which is embedded by its path', () => {
    expect(internalHref(pages.data.de, { pathname: pages.selfServiceEmbedded.de, search: '' })).toBe(
      pages.dataEmbedded.de,
    );
  });

  // Only 1 and 2 are markers (docs/rules/content-and-navigation.md#carried-query).
  it('ignores a marker value other than 1 or 2', () => {
    expect(internalHref(pages.login.de, { pathname: pages.home.de, search: '?dbcembedded=3' })).toBe(pages.login.de);
  });

  it('never leads from a web view to a page shown as the site', () => {
    for (const id of pageIds) {
      for (const from of [pages.loginEmbedded.de, `${pages.home.de}?dbcembedded=1`]) {
        const [pathname = '', query = ''] = from.split('?');
        const href = internalHref(pages[id].de, { pathname, search: query ? `?${query}` : '' });
        expect(staysEmbedded(href), `${id} from ${from}: ${href}`).toBe(true);
      }
    }
  });
});

describe('redirect target in the login page’s locale', () => {
  it('takes a named page of the other locale to this one, with query and hash', () => {
    expect(hrefInLocale(`${pages.credit.de}?page=2#ledger`, 'en')).toBe(`${pages.credit.en}?page=2#ledger`);
    expect(hrefInLocale(pages.dataEmbedded.en, 'de')).toBe(pages.dataEmbedded.de);
  });

  it('leaves pages of the same locale and paths the route table does not know', () => {
    expect(hrefInLocale(pages.credit.en, 'en')).toBe(pages.credit.en);
    expect(hrefInLocale('/de/agb', 'en')).toBe('/de/agb');
    expect(hrefInLocale('https://evil.example/de/start', 'en')).toBe('https://evil.example/de/start');
  });
});

describe('a target asked for (the login redirect)', () => {
  it('keeps a web-view page embedded even from the site login, with the travelling values', () => {
    expect(requestedHref(pages.paymentEmbedded.de, { pathname: pages.login.de, search: '?utm_source=app' })).toBe(
      `${pages.paymentEmbedded.de}?utm_source=app`,
    );
  });

  it('builds any other target like a link', () => {
    expect(requestedHref(pages.credit.de, campaign)).toBe(internalHref(pages.credit.de, campaign));
  });
});

import { describe, expect, it } from 'vitest';
import { brandProfiles, brands } from '~/config/brand';
import { locales } from './locales';
import {
  assertKnownMiddleware,
  findPage,
  isWebViewPath,
  pageForView,
  pageIds,
  pageIdsOf,
  pagePath,
  pages,
  routeId,
} from './route-table';
import { currentRouteMeta, pageMeta, routeMeta } from './route-meta';

const namedPagesOfSpecification = {
  home: ['/de/start', '/en/home'],
  register: ['/de/registrieren', '/en/register'],
  registerEmbedded: ['/webviews/de/registrieren', '/webviews/en/register'],
  selfService: ['/de/kundenbereich', '/en/self-service'],
  selfServiceEmbedded: ['/de/embedded-kundenbereich', '/en/embedded-self-service'],
  credit: ['/de/kundenbereich/guthaben', '/en/self-service/balance'],
  payment: ['/de/kundenbereich/zahlungsmittel', '/en/self-service/payment'],
  paymentUpdate: ['/de/kundenbereich/zahlungsmittel/aendern', '/en/self-service/payment/update'],
  data: ['/de/kundenbereich/daten', '/en/self-service/data'],
  updateEmail: ['/de/kundenbereich/daten/email/aendern', '/en/self-service/data/update/email'],
  updatePhone: ['/de/kundenbereich/daten/telefonnummer/aendern', '/en/self-service/data/update/phone'],
  updatePassword: ['/de/kundenbereich/daten/passwort/aendern', '/en/self-service/data/update/password'],
  tariff: ['/de/kundenbereich/tarif', '/en/self-service/tariff'],
  tariffChange: ['/de/kundenbereich/tarif/wechseln', '/en/self-service/tariff/change'],
  contract: ['/de/kundenbereich/vertrag', '/en/self-service/contract'],
  contractCancel: ['/de/kundenbereich/vertrag/kuendigen', '/en/self-service/contract/cancel'],
  login: ['/de/anmelden', '/en/login'],
  loginEmbedded: ['/de/embedded-anmelden', '/en/embedded-login'],
  passwordResetStart: ['/de/passwort-vergessen', '/en/forgot-password'],
  passwordResetFinish: ['/de/passwort-setzen', '/en/password-reset'],
  privacy: ['/de/datenschutz', '/en/privacy-statement'],
  cancelContract: ['/de/kuendigen', '/en/kuendigen'],
  priceList: ['/de/preisverzeichnis', '/en/pricelist'],
  reportBike: ['/de/rad-melden', '/en/report-a-bike'],
  reportBikeWebView: ['/webviews/de/melden', '/webviews/en/report'],
  getTheApp: ['/de/get-the-app', '/en/get-the-app'],
} as const;

describe('route table', () => {
  it.each(Object.entries(namedPagesOfSpecification))('declares %s with the specified paths', (id, [de, en]) => {
    const page = pages[id as keyof typeof pages];
    expect(page).toBeDefined();
    expect([page.de, page.en]).toEqual([de, en]);
  });

  it('gives every page a unique path in each locale, prefixed with its locale', () => {
    const paths = pageIds.flatMap((id) => locales.map((locale) => pagePath(id, locale)));
    expect(new Set(paths).size).toBe(paths.length);
    for (const id of pageIds) {
      for (const locale of locales) expect(pagePath(id, locale).split('/')).toContain(locale);
    }
  });

  it('writes every path in lower-case letters, digits, hyphens and slashes, which no URL encoding changes', () => {
    // The server's navigation links compare paths as written (app/ui/components/router-link.tsx).
    for (const id of pageIds) {
      for (const locale of locales) expect(pagePath(id, locale)).toMatch(/^\/[a-z0-9/-]*$/);
    }
  });

  it('finds each page and locale back from its path, and the counterpart in the other locale', () => {
    for (const id of pageIds) {
      for (const locale of locales) {
        expect(findPage(pagePath(id, locale))).toEqual({ id, locale });
        expect(findPage(`${pagePath(id, locale)}/`)).toEqual({ id, locale });
      }
    }
    expect(findPage('/de/gibt-es-nicht')).toBeUndefined();
  });

  it('finds a page however its path is spelled, as the router matches it: letter case and percent escapes', () => {
    expect(findPage('/DE/Schaden-Melden')).toEqual({ id: 'reportDamage', locale: 'de' });
    expect(findPage('/de/schaden%2Dmelden')).toEqual({ id: 'reportDamage', locale: 'de' });
    expect(findPage('/de/%52ad-melden/')).toEqual({ id: 'reportBike', locale: 'de' });
    expect(findPage('/de/%E0%A4%A')).toBeUndefined();
  });

  it('requires login for the whole self-service subtree and its embedded variants', () => {
    for (const id of pageIds) {
      const page = pages[id];
      const inSelfService = page.de.includes('kundenbereich');
      expect((page.middleware as readonly string[]).includes('auth'), id).toBe(inSelfService);
      if (inSelfService) expect(['self-service', 'embedded-service']).toContain(page.layout);
    }
  });

  it('marks exactly the web-view paths as embedded', () => {
    for (const id of pageIds) {
      for (const locale of locales) expect(isWebViewPath(pagePath(id, locale)), id).toBe(pages[id].embedded);
    }
  });

  it('builds route ids from page id and locale', () => {
    expect(routeId('credit', 'de')).toBe('credit-de');
  });

  it('yields route metadata with the page in every locale', () => {
    expect(routeMeta('credit', 'cab')).toEqual({
      embedded: false,
      localizations: [
        { id: 'credit-de', title: 'Guthaben', path: '/de/kundenbereich/guthaben', locale: 'de' },
        { id: 'credit-en', title: 'Balance', path: '/en/self-service/balance', locale: 'en' },
      ],
    });
  });

  it('takes the route metadata a loader gave before the route table, and has none for unknown pages', () => {
    const fromLoader = {
      embedded: false,
      localizations: [{ id: 'content-agb-de', title: 'AGB', path: '/de/agb', locale: 'de' as const }],
    };
    expect(currentRouteMeta('/de/agb', [{ loaderData: {} }, { loaderData: { routeMeta: fromLoader } }], 'cab')).toBe(
      fromLoader,
    );
    expect(currentRouteMeta(pagePath('credit', 'en'), [{ loaderData: undefined }], 'cab')).toEqual(
      routeMeta('credit', 'cab'),
    );
    expect(currentRouteMeta('/de/agb', [], 'cab')).toBeUndefined();
  });

  it('throws on an unknown middleware name', () => {
    expect(() => assertKnownMiddleware()).not.toThrow();
    expect(() => assertKnownMiddleware({ broken: { middleware: ['admin'] } })).toThrow(/Unknown middleware "admin"/);
  });
});

describe('pageForView', () => {
  it('links to the embedded variant inside a web view, and to the page itself elsewhere', () => {
    expect(pageForView('data', true)).toBe('dataEmbedded');
    expect(pageForView('data', false)).toBe('data');
    expect(pageForView('credit', true)).toBe('credit');
  });
});

describe('page descriptions', () => {
  it('gives every indexable page a meta description in both locales', () => {
    for (const brand of brands) {
      for (const id of pageIdsOf(brand).filter((pageId) => pages[pageId].indexable)) {
        for (const locale of locales) {
          const tags = pageMeta(id, locale, 'https://kunden.example.com', brandProfiles[brand]);
          expect(tags, `${brand} ${id} ${locale}`).toContainEqual({
            name: 'description',
            content: expect.any(String),
          });
        }
      }
    }
  });

  it('names the brand in every page title (docs/rules/general.md#brands)', () => {
    expect(pageMeta('credit', 'de', '', brandProfiles.cab)).toContainEqual({ title: 'Guthaben – Call a Bike' });
    expect(pageMeta('credit', 'en', '', brandProfiles.flinkster)).toContainEqual({ title: 'Balance – Flinkster' });
  });
});

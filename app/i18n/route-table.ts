import type { Brand } from '~/config/brand';
import { locales, type Locale } from './locales';

/**
 * Every named page of the product, declared once. Routes (app/routes.ts), links, the locale switch, the
 * sitemap, hreflang alternates and the route metadata all derive from this table, so a path is never
 * written anywhere else. The module has no side effects and runs on server and client.
 */

export type LayoutId = 'main-view' | 'self-service' | 'embedded-service';

/** Middleware is referenced by name; app/routes/guards/ holds one route module per name. */
export const middlewareNames = ['auth'] as const;
export type MiddlewareName = (typeof middlewareNames)[number];

export interface PageDefinition {
  de: string;
  en: string;
  /** Route module, relative to app/. */
  file: string;
  layout: LayoutId;
  /** Shown inside the provider's native apps: no header or footer links that leave the app. */
  embedded: boolean;
  middleware: readonly MiddlewareName[];
  /** Listed in the sitemap and open to search engines. */
  indexable: boolean;
  /**
   * The messages the page renders beyond the general catalogue: `all` puts it under a layout that
   * loads the whole catalogue (app/routes.ts); `general` pages show only general messages before
   * their form's chunk brings the rest (docs/decisions/0016). tests/e2e/messages.spec.ts fails on a
   * page that shows a message it did not load.
   */
  messages: 'general' | 'all';
  /** The brands that offer the page; absent means both. Another brand's page is not served, linked or listed. */
  brands?: readonly Brand[];
  /**
   * The page that does this page's job on the brands this page is not for: an address the apps or old links still
   * open there is sent on to it (request-scope.server.ts) instead of ending at "not found".
   */
  counterpart?: string;
  /**
   * The page's form may carry files (multipart/form-data): only these actions read an upload, with
   * the limits of app/config/uploads.ts enforced while the body streams in
   * (docs/decisions/0032-vehicle-damage-reports-and-photos.md). Every other form refuses files.
   */
  acceptsFiles?: boolean;
}

const selfService = {
  layout: 'self-service',
  embedded: false,
  middleware: ['auth'],
  indexable: false,
  messages: 'all',
} as const;
const embeddedSelfService = {
  layout: 'embedded-service',
  embedded: true,
  middleware: ['auth'],
  indexable: false,
  messages: 'all',
} as const;
const publicPage = {
  layout: 'main-view',
  embedded: false,
  middleware: [],
  indexable: true,
  messages: 'general',
} as const;
const formPage = {
  layout: 'main-view',
  embedded: false,
  middleware: [],
  indexable: false,
  messages: 'general',
} as const;
const webView = {
  layout: 'embedded-service',
  embedded: true,
  middleware: [],
  indexable: false,
  messages: 'general',
} as const;

export const pages = {
  home: { ...publicPage, de: '/de/start', en: '/en/home', file: 'routes/public/home.tsx' },
  register: { ...publicPage, de: '/de/registrieren', en: '/en/register', file: 'routes/auth/register.tsx' },
  registerEmbedded: {
    ...webView,
    de: '/webviews/de/registrieren',
    en: '/webviews/en/register',
    file: 'routes/auth/register.tsx',
  },
  // Indexable: people search for the provider's login, and the page shows nothing of anybody.
  login: { ...publicPage, de: '/de/anmelden', en: '/en/login', file: 'routes/auth/login.tsx' },
  loginEmbedded: {
    ...webView,
    de: '/de/embedded-anmelden',
    en: '/en/embedded-login',
    file: 'routes/auth/login.tsx',
  },
  passwordResetStart: {
    ...formPage,
    de: '/de/passwort-vergessen',
    en: '/en/forgot-password',
    file: 'routes/auth/password-reset-start.tsx',
  },
  // The web view's own copy, so that "forgot password" on the embedded login stays in the app's flow.
  passwordResetStartEmbedded: {
    ...webView,
    de: '/webviews/de/passwort-vergessen',
    en: '/webviews/en/forgot-password',
    file: 'routes/auth/password-reset-start.tsx',
  },
  passwordResetFinish: {
    ...formPage,
    de: '/de/passwort-setzen',
    en: '/en/password-reset',
    file: 'routes/auth/password-reset-finish.tsx',
  },

  verifyEmail: {
    ...formPage,
    // Its answers (link used, expired, confirmed) are messages of the accounts catalogue.
    messages: 'all',
    de: '/de/email-bestaetigen',
    en: '/en/verify-email',
    file: 'routes/auth/verify-email.tsx',
  },

  selfService: {
    ...selfService,
    de: '/de/kundenbereich',
    en: '/en/self-service',
    file: 'routes/self-service/overview.tsx',
  },
  contract: {
    ...selfService,
    de: '/de/kundenbereich/vertrag',
    en: '/en/self-service/contract',
    file: 'routes/self-service/contract.tsx',
  },
  contractCancel: {
    ...selfService,
    de: '/de/kundenbereich/vertrag/kuendigen',
    en: '/en/self-service/contract/cancel',
    file: 'routes/self-service/contract-cancel.tsx',
  },
  credit: {
    ...selfService,
    de: '/de/kundenbereich/guthaben',
    en: '/en/self-service/balance',
    file: 'routes/self-service/credit.tsx',
  },
  // Rides and how each was priced (docs/rules/rides-and-charges.md#rides-page).
  rides: {
    ...selfService,
    de: '/de/kundenbereich/fahrten',
    en: '/en/self-service/rides',
    file: 'routes/self-service/rides.tsx',
  },
  payment: {
    ...selfService,
    de: '/de/kundenbereich/zahlungsmittel',
    en: '/en/self-service/payment',
    file: 'routes/self-service/payment.tsx',
  },
  paymentUpdate: {
    ...selfService,
    de: '/de/kundenbereich/zahlungsmittel/aendern',
    en: '/en/self-service/payment/update',
    file: 'routes/self-service/payment-update.tsx',
  },
  data: {
    ...selfService,
    de: '/de/kundenbereich/daten',
    en: '/en/self-service/data',
    file: 'routes/self-service/data.tsx',
  },
  updateEmail: {
    ...selfService,
    de: '/de/kundenbereich/daten/email/aendern',
    en: '/en/self-service/data/update/email',
    file: 'routes/self-service/update-email.tsx',
  },
  updatePhone: {
    ...selfService,
    de: '/de/kundenbereich/daten/telefonnummer/aendern',
    en: '/en/self-service/data/update/phone',
    file: 'routes/self-service/update-phone.tsx',
  },
  updatePassword: {
    ...selfService,
    de: '/de/kundenbereich/daten/passwort/aendern',
    en: '/en/self-service/data/update/password',
    file: 'routes/self-service/update-password.tsx',
  },
  // Car sharing only (docs/rules/accounts.md#licence-correction).
  licenceCorrection: {
    ...selfService,
    de: '/de/kundenbereich/daten/fuehrerschein/korrigieren',
    en: '/en/self-service/data/update/driving-licence',
    file: 'routes/self-service/licence-correction.tsx',
    brands: ['flinkster'],
  },
  tariff: {
    ...selfService,
    de: '/de/kundenbereich/tarif',
    en: '/en/self-service/tariff',
    file: 'routes/self-service/tariff.tsx',
  },
  tariffChange: {
    ...selfService,
    de: '/de/kundenbereich/tarif/wechseln',
    en: '/en/self-service/tariff/change',
    file: 'routes/self-service/tariff-change.tsx',
  },

  // Embedded variants exist for self-service, rides, payment and the data subtree
  // (docs/rules/content-and-navigation.md#embedded-variants).
  // Their child paths mirror the regular ones below the embedded root.
  selfServiceEmbedded: {
    ...embeddedSelfService,
    de: '/de/embedded-kundenbereich',
    en: '/en/embedded-self-service',
    file: 'routes/self-service/overview.tsx',
  },
  ridesEmbedded: {
    ...embeddedSelfService,
    de: '/de/embedded-kundenbereich/fahrten',
    en: '/en/embedded-self-service/rides',
    file: 'routes/self-service/rides.tsx',
  },
  paymentEmbedded: {
    ...embeddedSelfService,
    de: '/de/embedded-kundenbereich/zahlungsmittel',
    en: '/en/embedded-self-service/payment',
    file: 'routes/self-service/payment.tsx',
  },
  paymentUpdateEmbedded: {
    ...embeddedSelfService,
    de: '/de/embedded-kundenbereich/zahlungsmittel/aendern',
    en: '/en/embedded-self-service/payment/update',
    file: 'routes/self-service/payment-update.tsx',
  },
  dataEmbedded: {
    ...embeddedSelfService,
    de: '/de/embedded-kundenbereich/daten',
    en: '/en/embedded-self-service/data',
    file: 'routes/self-service/data.tsx',
  },
  updateEmailEmbedded: {
    ...embeddedSelfService,
    de: '/de/embedded-kundenbereich/daten/email/aendern',
    en: '/en/embedded-self-service/data/update/email',
    file: 'routes/self-service/update-email.tsx',
  },
  updatePhoneEmbedded: {
    ...embeddedSelfService,
    de: '/de/embedded-kundenbereich/daten/telefonnummer/aendern',
    en: '/en/embedded-self-service/data/update/phone',
    file: 'routes/self-service/update-phone.tsx',
  },
  updatePasswordEmbedded: {
    ...embeddedSelfService,
    de: '/de/embedded-kundenbereich/daten/passwort/aendern',
    en: '/en/embedded-self-service/data/update/password',
    file: 'routes/self-service/update-password.tsx',
  },
  licenceCorrectionEmbedded: {
    ...embeddedSelfService,
    de: '/de/embedded-kundenbereich/daten/fuehrerschein/korrigieren',
    en: '/en/embedded-self-service/data/update/driving-licence',
    file: 'routes/self-service/licence-correction.tsx',
    brands: ['flinkster'],
  },

  cancelContract: {
    ...publicPage,
    de: '/de/kuendigen',
    en: '/en/kuendigen',
    file: 'routes/public/cancel-contract.tsx',
  },
  // The footer's legal links inside the apps' web views (docs/rules/contract-and-cancellation.md#withdrawal).
  cancelContractEmbedded: {
    ...webView,
    de: '/webviews/de/kuendigen',
    en: '/webviews/en/kuendigen',
    file: 'routes/public/cancel-contract.tsx',
  },
  withdrawContract: {
    ...publicPage,
    de: '/de/widerrufen',
    en: '/en/withdraw',
    file: 'routes/public/withdraw-contract.tsx',
  },
  withdrawContractEmbedded: {
    ...webView,
    de: '/webviews/de/widerrufen',
    en: '/webviews/en/withdraw',
    file: 'routes/public/withdraw-contract.tsx',
  },
  priceList: { ...publicPage, de: '/de/preisverzeichnis', en: '/en/pricelist', file: 'routes/public/price-list.tsx' },
  // Bike reports are cab's, vehicle damage reports flinkster's (docs/rules/reports.md#report-pages-per-brand).
  reportBike: {
    ...publicPage,
    brands: ['cab'],
    counterpart: 'reportDamage',
    de: '/de/rad-melden',
    en: '/en/report-a-bike',
    file: 'routes/public/report-bike.tsx',
  },
  reportBikeWebView: {
    ...webView,
    brands: ['cab'],
    counterpart: 'reportDamageWebView',
    de: '/webviews/de/melden',
    en: '/webviews/en/report',
    file: 'routes/public/report-bike.tsx',
  },
  reportDamage: {
    ...publicPage,
    brands: ['flinkster'],
    counterpart: 'reportBike',
    acceptsFiles: true,
    de: '/de/schaden-melden',
    en: '/en/report-damage',
    file: 'routes/public/report-damage.tsx',
  },
  reportDamageWebView: {
    ...webView,
    brands: ['flinkster'],
    counterpart: 'reportBikeWebView',
    acceptsFiles: true,
    de: '/webviews/de/schaden-melden',
    en: '/webviews/en/report-damage',
    file: 'routes/public/report-damage.tsx',
  },
  getTheApp: { ...publicPage, de: '/de/get-the-app', en: '/en/get-the-app', file: 'routes/public/get-the-app.tsx' },
  privacy: {
    ...publicPage,
    de: '/de/datenschutz',
    en: '/en/privacy-statement',
    file: 'routes/public/named-content-page.tsx',
  },
  sitemap: { ...publicPage, de: '/de/sitemap', en: '/en/sitemap', file: 'routes/public/sitemap.tsx' },
  // The statement as the site shows it, with header and footer: the footer links here. The apps open
  // the web view below, which stays the address crawlers are given
  // (docs/rules/content-and-navigation.md#generic-aliases).
  accessibilityStatement: {
    ...formPage,
    de: '/de/barrierefreiheit',
    en: '/en/accessibility',
    file: 'routes/public/named-content-page.tsx',
  },
  accessibility: {
    ...webView,
    indexable: true,
    de: '/webviews/legal/de/barrierefreiheit',
    en: '/webviews/legal/en/barrierefreiheit',
    file: 'routes/public/named-content-page.tsx',
  },
} as const satisfies Record<string, PageDefinition>;

export type PageId = keyof typeof pages;
export const pageIds = Object.keys(pages) as PageId[];

/** The pages one brand offers. */
export function pageIdsOf(brand: Brand): PageId[] {
  return pageIds.filter((id) => isPageOf(id, brand));
}

/** Whether a brand offers a page (its `brands` field names it, or the page names no brand). */
export function isPageOf(id: PageId, brand: Brand): boolean {
  const page: PageDefinition = pages[id];
  return !page.brands || page.brands.includes(brand);
}

/** The page a brand offers in place of another brand's page (its `counterpart`), if any. */
export function counterpartOf(id: PageId, brand: Brand): PageId | null {
  const page: PageDefinition = pages[id];
  const counterpart = page.counterpart;
  if (isPageOf(id, brand) || !counterpart || !(counterpart in pages)) return null;
  return isPageOf(counterpart as PageId, brand) ? (counterpart as PageId) : null;
}

/** Whether a page's action may read files from its form (the `acceptsFiles` field). */
export function acceptsFiles(id: PageId): boolean {
  const page: PageDefinition = pages[id];
  return page.acceptsFiles === true;
}

/** The report page of a brand: bikes for cab, vehicle damage for flinkster. */
export function reportPageOf(brand: Brand): PageId {
  return isPageOf('reportBike', brand) ? 'reportBike' : 'reportDamage';
}

export function pagePath(id: PageId, locale: Locale): string {
  return pages[id][locale];
}

/** React Router route id of one page in one locale, e.g. `credit-de`. */
export function routeId(id: PageId, locale: Locale): string {
  return `${id}-${locale}`;
}

const byPath = new Map<string, { id: PageId; locale: Locale }>();
for (const id of pageIds) {
  for (const locale of locales) byPath.set(pages[id][locale], { id, locale });
}

/**
 * The named page a path belongs to. It is matched as the router matches routes: percent-decoded, in any letter
 * case, with a trailing slash ignored, so that `/DE/Schaden%2Dmelden` is the page `/de/schaden-melden` is, and a
 * check made by page (such as which brand offers it) cannot be passed by spelling its path otherwise.
 */
export function findPage(pathname: string): { id: PageId; locale: Locale } | undefined {
  // A page's own path, as every link of the app writes it, is its key: nothing to decode or lower.
  const exact = byPath.get(pathname);
  if (exact) return exact;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is no page of ours; the router does not match it either.
    return undefined;
  }
  const lower = decoded.toLowerCase();
  return byPath.get(lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower);
}

/**
 * A view counts as a web view when its path contains `webviews` or `embedded`
 * (docs/rules/content-and-navigation.md#web-views).
 */
export function isWebViewPath(pathname: string): boolean {
  return pathname.includes('webviews') || pathname.includes('embedded');
}

/**
 * A page shown in the native apps' web view: a web-view path, or any page opened with the apps'
 * `dbcembedded` marker (1 or 2), such as the report web view rewritten to the site's report page.
 * Such pages show no header or footer links, no consent dialog and send no page views: the app
 * asks for consent itself, and its web view keeps its own cookie jar.
 */
export function isWebView(pathname: string, search: string | URLSearchParams = ''): boolean {
  if (isWebViewPath(pathname)) return true;
  // Most queries hold no marker, and every link of a page asks; a percent escape may spell its name.
  if (typeof search === 'string' && !search.includes('dbcembedded') && !search.includes('%')) return false;
  const marker = (typeof search === 'string' ? new URLSearchParams(search) : search).get('dbcembedded');
  return marker === '1' || marker === '2';
}

/**
 * Throws when a page names middleware that does not exist
 * (docs/rules/content-and-navigation.md#unknown-middleware).
 */
export function assertKnownMiddleware(table: Record<string, { middleware: readonly string[] }> = pages): void {
  for (const [id, page] of Object.entries(table)) {
    for (const name of page.middleware) {
      if (!(middlewareNames as readonly string[]).includes(name)) {
        throw new Error(`Unknown middleware "${name}" on page "${id}"`);
      }
    }
  }
}

/** Pages whose web-view copy does not follow the `{id}Embedded` naming. */
const namedEmbeddedVariants: Partial<Record<PageId, PageId>> = { accessibilityStatement: 'accessibility' };

// Both directions worked out once: every link of every page asks for them.
const embeddedVariants = new Map<PageId, PageId>();
const siteVariants = new Map<PageId, PageId>();
for (const id of pageIds) {
  const named = namedEmbeddedVariants[id];
  const variant = named ?? (`${id}Embedded` in pages ? (`${id}Embedded` as PageId) : undefined);
  if (!variant) continue;
  embeddedVariants.set(id, variant);
  if (!siteVariants.has(variant)) siteVariants.set(variant, id);
}

/** The web-view copy of a page, if it has one (`data` → `dataEmbedded`). */
export function embeddedVariant(id: PageId): PageId | undefined {
  return embeddedVariants.get(id);
}

/** The site's copy of a web-view page, if it has one (`dataEmbedded` → `data`). */
export function siteVariant(id: PageId): PageId | undefined {
  return siteVariants.get(id);
}

/**
 * The page to link to from a view: inside a web view, a page's embedded variant when it has one
 * (`data` → `dataEmbedded`), so that the native app's web view never shows the site's header.
 */
export function pageForView(id: PageId, embedded: boolean): PageId {
  return (embedded && embeddedVariant(id)) || id;
}

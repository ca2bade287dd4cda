/**
 * Analytics behind one small interface: the app only ever says "this page was viewed". Which
 * service hears about it (Matomo today) is decided in one place, `createTracker`.
 */
export interface PageView {
  /** The path of the page, as the browser shows it; anything after `?` or `#` is dropped. */
  path: string;
  title: string;
}

export interface Tracker {
  pageView(view: PageView): void;
}

/** Where page views go; null when analytics is off (not configured, or the brand sends none). */
export interface AnalyticsConfig {
  provider: 'matomo';
  /** The Matomo base URL, without a trailing slash, e.g. `https://stats.example.com`. */
  url: string;
  siteId: string;
}

/**
 * The analytics configuration for the browser: only when the brand sends page views
 * (docs/rules/consent-and-analytics.md#page-views: cab only) and both the endpoint and the site id are set.
 * Everything else turns analytics off.
 */
export function analyticsConfig(settings: {
  brandSendsPageViews: boolean;
  matomoUrl: string | undefined;
  matomoSiteId: string | undefined;
}): AnalyticsConfig | null {
  if (!settings.brandSendsPageViews || !settings.matomoUrl || !settings.matomoSiteId) return null;
  return { provider: 'matomo', url: settings.matomoUrl.replace(/\/+$/, ''), siteId: settings.matomoSiteId };
}

/** The origin the browser talks to for analytics, for the CSP's connect-src. */
export function analyticsOrigin(config: AnalyticsConfig | null): string | null {
  return config ? new URL(config.url).origin : null;
}

/** The path of a URL-ish string without its query and fragment: queries may carry tokens. */
export function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end < 0 ? path : path.slice(0, end);
}

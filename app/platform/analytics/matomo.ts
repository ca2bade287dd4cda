import { pathOnly, type AnalyticsConfig, type PageView, type Tracker } from './tracker';

/** Sends one tracking request and never throws: analytics must not break a page. */
export type Send = (url: string) => void;

/**
 * The Matomo HTTP tracking API call for one page view
 * (https://developer.matomo.org/api-reference/tracking-api): `rec=1` records it, `apiv=1` is the
 * API version, `send_image=0` asks for a 204 instead of a GIF, `rand` defeats caches. No visitor id
 * (`_id`, `uid`, `cid`) is sent and no cookie is set or read by us: Matomo then recognises a visit
 * only by its own short-lived, server-side hash (cookieless tracking). The page URL is origin and
 * path only: queries can carry tokens (password reset links) or campaign ids.
 */
export function matomoPageViewUrl(config: AnalyticsConfig, view: PageView, origin: string, rand: string): string {
  const params = new URLSearchParams({
    idsite: config.siteId,
    rec: '1',
    apiv: '1',
    action_name: view.title.slice(0, 200),
    url: `${origin}${pathOnly(view.path)}`,
    send_image: '0',
    rand,
  });
  return `${config.url}/matomo.php?${params.toString()}`;
}

/**
 * `fetch` with `keepalive` (it survives the page being left, like `sendBeacon`) but without
 * credentials: no cookie of the analytics host is sent or stored, and no referrer leaves either.
 * `no-cors` keeps it a simple request: no preflight, and the answer is never read.
 */
export const sendWithFetch: Send = (url) => {
  void fetch(url, {
    method: 'GET',
    mode: 'no-cors',
    credentials: 'omit',
    keepalive: true,
    referrerPolicy: 'no-referrer',
    cache: 'no-store',
  }).catch(() => {
    // A blocked or failed tracking call is no error of the page.
  });
};

export function matomoTracker(
  config: AnalyticsConfig,
  options: { send?: Send; origin?: string; random?: () => string } = {},
): Tracker {
  const send = options.send ?? sendWithFetch;
  const random = options.random ?? (() => Math.random().toString(36).slice(2, 10));
  return {
    pageView(view) {
      const origin = options.origin ?? window.location.origin;
      send(matomoPageViewUrl(config, view, origin, random()));
    },
  };
}

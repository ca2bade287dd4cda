import { consentFromCookies } from '~/shared/consent/consent-cookie';

export interface SharedCaching {
  cacheControl: string;
  /** `Cookie`, to add to the answer's `Vary`. */
  vary: 'Cookie';
}

/**
 * What shared caches in front of the app (a CDN, a proxy) are told of a page or a page's data that
 * a route marked public, or undefined when the route did not. A route marks a page public when its content depends
 * on its path alone (app/ui/page-meta.ts), but the root adds to every page what belongs to one
 * visitor: a logged-in customer's name and a form token, and the page as the visitor's consent
 * choice shows it (the dialog, page views). So an answer to a request with a session, or one that
 * sets a cookie, is never stored; one to a request with a consent choice is the browser's alone; and
 * every one of them varies by cookie, so that a shared cache gives its copy to no visitor with a
 * session or a choice. The server's own page cache keeps one copy per consent state and none for a
 * session (server/app.ts).
 */
export function sharedCaching(
  routeCacheControl: string | null,
  request: { cookies: string | undefined; hasSession: boolean },
  setsCookie: boolean,
): SharedCaching | undefined {
  if (!routeCacheControl || !/\bpublic\b/.test(routeCacheControl)) return undefined;
  if (request.hasSession || setsCookie) return { cacheControl: 'private, no-store', vary: 'Cookie' };
  if (consentFromCookies(request.cookies)) return { cacheControl: 'private, max-age=0', vary: 'Cookie' };
  return { cacheControl: routeCacheControl, vary: 'Cookie' };
}

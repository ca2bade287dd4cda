import type { Locale } from '~/i18n/locales';
import { embeddedVariant, findPage, isWebView, isWebViewPath, pagePath, siteVariant } from '~/i18n/route-table';
import { carriedParams, withCarriedQuery } from './carry-query';

/** Where a link is followed from: the current page's path and query. */
export interface LinkOrigin {
  pathname: string;
  search: string;
}

/**
 * The web-view marker a link out of a web-view path gets when the page itself carries none: the
 * apps open web-view paths without it, and any value of the two the specification knows keeps the
 * embedded presentation (docs/decisions/0027-one-link-builder.md).
 */
const defaultMarker = '1';

/**
 * A page of the app, as opposed to another site, a mail or phone address, a hash on the same page
 * or a resource (downloads, form endpoints), which is no page a visitor moves on to.
 */
export function isPageHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/resources/');
}

/**
 * The one place an internal link's target is built: links, call-to-action buttons and the
 * redirects of forms all pass through here.
 *
 * - The travelling query values (`dbcembedded`, `utm*`, `gclid`) of the current page go along
 *   where the target lacks them.
 * - Inside a web view, a page with a web-view copy is linked as that copy (`login` →
 *   `loginEmbedded`), and any other page gets the web-view marker, so that it shows without the
 *   site's header, footer and consent dialog.
 * - On the site, a web-view page with a copy on the site is linked as that copy, so that the site
 *   never leads into a page made for the apps, which has no way back.
 *
 * Anything that is not a page of the app comes back unchanged.
 */
export function internalHref(href: string, from: LinkOrigin): string {
  if (!isPageHref(href)) return href;
  const target = isWebView(from.pathname, from.search) ? embeddedHref(href, from.search) : siteHref(href);
  return withCarriedQuery(target, from.search);
}

/**
 * A target someone asked for (the login's `redirectTo`): a web-view page stays one even when the
 * site's login was used, since the app that asked for it shows it; any other target is built like a
 * link. The travelling query values go along either way.
 */
export function requestedHref(href: string, from: LinkOrigin): string {
  if (!isPageHref(href)) return href;
  return isWebViewPath(splitHref(href).path) ? withCarriedQuery(href, from.search) : internalHref(href, from);
}

/** `href` as the site links it: a web-view page with a copy on the site as that copy. */
function siteHref(href: string): string {
  const { path, query, hash } = splitHref(href);
  const page = findPage(path);
  const variant = page && siteVariant(page.id);
  return variant ? joinHref(pagePath(variant, page.locale), new URLSearchParams(query), hash) : href;
}

/** `href` as the web view links it: its web-view copy, or the page with the web-view marker. */
function embeddedHref(href: string, currentSearch: string): string {
  const { path, query, hash } = splitHref(href);
  const page = findPage(path);
  const variant = page && embeddedVariant(page.id);
  const targetPath = variant ? pagePath(variant, page.locale) : path;
  const params = new URLSearchParams(query);
  if (!isWebView(targetPath, params) && !carriedParams(currentSearch).has('dbcembedded')) {
    params.set('dbcembedded', defaultMarker);
  }
  return joinHref(targetPath, params, hash);
}

/**
 * A local target in `locale`: a named page of the other locale becomes the same page in this one
 * (query and hash kept); any other path stays as it is.
 */
export function hrefInLocale(href: string, locale: Locale): string {
  if (!isPageHref(href)) return href;
  const { path, query, hash } = splitHref(href);
  const page = findPage(path);
  if (!page || page.locale === locale) return href;
  return joinHref(pagePath(page.id, locale), new URLSearchParams(query), hash);
}

function splitHref(href: string): { path: string; query: string; hash: string } {
  const hashIndex = href.indexOf('#');
  const hash = hashIndex >= 0 ? href.slice(hashIndex) : '';
  const withoutHash = hashIndex >= 0 ? href.slice(0, hashIndex) : href;
  const queryIndex = withoutHash.indexOf('?');
  return queryIndex >= 0
    ? { path: withoutHash.slice(0, queryIndex), query: withoutHash.slice(queryIndex + 1), hash }
    : { path: withoutHash, query: '', hash };
}

function joinHref(path: string, params: URLSearchParams, hash: string): string {
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}${hash}`;
}

/** Whether following `href` from anywhere shows the page the way the apps' web views do. */
export function staysEmbedded(href: string): boolean {
  const { path, query } = splitHref(href);
  return isWebView(path, query);
}

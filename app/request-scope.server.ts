import { redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import type { Brand } from './config/brand';
import { pageContext, servicesContext, sessionContext, type PageScope } from './context';
import { isTerminalPath, terminalBrands } from './features/bike-reports/public';
import { localeCookieName, localeFromPath, preferredLocale } from './i18n/locales';
import { counterpartOf, findPage, isPageOf, pagePath, pages, type PageId } from './i18n/route-table';
import { readCookie } from './platform/cookies';
import { notFound } from './shared/navigation/route-validation';

/**
 * The request's locale, page and customer, from its page's address (`url`, as the router gives it to
 * middleware: a data request's without `.data` and the router's own query values), its headers and
 * the session read before.
 */
export function resolvePageScope(request: Request, url: URL, context: Readonly<RouterContextProvider>): PageScope {
  const { pathname } = url;
  const pathLocale = localeFromPath(pathname) ?? null;
  const pageId = findPage(pathname)?.id ?? null;
  const locale =
    pathLocale ??
    preferredLocale(
      readCookie(request.headers.get('cookie'), localeCookieName),
      request.headers.get('accept-language'),
    );
  return {
    pathname,
    locale,
    pathLocale,
    pageId,
    embeddedPage: pageId ? pages[pageId].embedded : false,
    customer: context.get(sessionContext)?.customer ?? null,
  };
}

/**
 * Whether the running brand serves a path: a page of the route table that names other brands, and the
 * station terminal on a brand without one, are not found, exactly like a path no route knows
 * (docs/rules/reports.md#report-pages-per-brand).
 */
export function servedFor(brand: Brand, pageId: PageId | null, pathname: string): boolean {
  if (pageId) return isPageOf(pageId, brand);
  return !isTerminalPath(pathname) || terminalBrands.includes(brand);
}

/**
 * The layouts' loaders: a page the brand does not serve is not found inside its layout, so that it looks
 * exactly like a path no route knows (header, footer and brand colours come from the root's data, which
 * a throw in the root middleware would leave out).
 */
export function requireServedPage(url: URL, context: Readonly<RouterContextProvider>): null {
  const { pathname, search } = url;
  const brand = context.get(servicesContext).config.brand;
  const { pageId } = context.get(pageContext);
  if (!servedFor(brand, pageId, pathname)) {
    // The report web view the apps open, or an old link: sent on to the page that does its job on this brand.
    const counterpart = pageId ? counterpartOf(pageId, brand) : null;
    const locale = pageId ? findPage(pathname)?.locale : undefined;
    if (counterpart && locale) throw redirect(`${pagePath(counterpart, locale)}${search}`, 301);
    notFound(pathname);
  }
  return null;
}

/**
 * Root middleware, after the session's: resolves the request's scope once for every loader and action.
 * A form sent to a page the brand does not serve is refused here, before any action could run.
 */
export const requestScopeMiddleware: MiddlewareFunction<Response> = ({ request, url, context }, next) => {
  const scope = resolvePageScope(request, url, context);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    if (!servedFor(context.get(servicesContext).config.brand, scope.pageId, url.pathname)) notFound(url.pathname);
  }
  context.set(pageContext, scope);
  return next();
};

import type { MiddlewareFunction, RouterContextProvider } from 'react-router';
import { pageContext, sessionContext, type PageScope } from './context';
import { localeCookieName, localeFromPath, preferredLocale } from './i18n/locales';
import { findPage, pages } from './i18n/route-table';
import { readCookie } from './platform/cookies';

/** The request's locale, page and customer, from its path, its headers and the session read before. */
export function resolvePageScope(request: Request, context: Readonly<RouterContextProvider>): PageScope {
  const { pathname } = new URL(request.url);
  const pathLocale = localeFromPath(pathname) ?? null;
  const pageId = findPage(pathname)?.id ?? null;
  const locale =
    pathLocale ??
    preferredLocale(
      readCookie(request.headers.get('cookie'), localeCookieName),
      request.headers.get('accept-language'),
    );
  return {
    locale,
    pathLocale,
    pageId,
    embeddedPage: pageId ? pages[pageId].embedded : false,
    customer: context.get(sessionContext)?.customer ?? null,
  };
}

/** Root middleware, after the session's: resolves the request's scope once for every loader and action. */
export const requestScopeMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(pageContext, resolvePageScope(request, context));
  return next();
};

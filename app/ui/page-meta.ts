import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { defaultLocale, localeFromPath, type Locale } from '~/i18n/locales';
import { pageMeta } from '~/i18n/route-meta';
import { findPage } from '~/i18n/route-table';
import { translator } from '~/i18n/translate';

interface MetaArgs {
  location: { pathname: string };
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
  error?: unknown;
}

/** Title, canonical URL and alternates of whichever named page is shown. */
export function namedPageMeta({ location, matches }: MetaArgs): MetaDescriptor[] {
  const page = findPage(location.pathname);
  if (!page) return [];
  const root = matches.find((match) => match?.id === 'root')?.data as { publicUrl?: string } | undefined;
  return pageMeta(page.id, page.locale, root?.publicUrl ?? '');
}

/**
 * The title of the 404 page or the error screen, for the route whose ErrorBoundary shows it (root
 * and layouts): React Router then renders the meta of the routes down to that one only, so the page's
 * own title is gone, and a document needs one (WCAG 2.4.2). Nothing while there is no error.
 */
export function errorPageMeta({ location, matches, error }: MetaArgs): MetaDescriptor[] {
  if (!error) return [];
  const root = matches.find((match) => match?.id === 'root')?.data as { locale?: Locale } | undefined;
  const t = translator(root?.locale ?? localeFromPath(location.pathname) ?? defaultLocale);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: t(notFound ? 'error.not-found.title' : 'dbc-error-oops') }, { name: 'robots', content: 'noindex' }];
}

/**
 * Public pages that depend only on path, locale, brand, build and content: shared caches (and the
 * server's own page cache) may keep them for a minute; browsers revalidate.
 */
export function publicPageHeaders() {
  return { 'Cache-Control': 'public, max-age=0, s-maxage=60' };
}

/** Pages that show a customer's own data: never stored anywhere. */
export function privatePageHeaders() {
  return { 'Cache-Control': 'private, no-store' };
}

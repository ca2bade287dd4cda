import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { brandProfiles, brandedTitle, fallbackBrand, type BrandProfile } from '~/config/brand';
import { defaultLocale, localeFromPath, type Locale } from '~/i18n/locales';
import { pageMeta } from '~/i18n/route-meta';
import { findPage } from '~/i18n/route-table';
import { translator } from '~/i18n/translate';

interface MetaArgs {
  location: { pathname: string };
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
  error?: unknown;
}

interface RootMetaData {
  publicUrl?: string;
  locale?: Locale;
  brand?: BrandProfile;
}

function rootData(matches: MetaArgs['matches']): RootMetaData | undefined {
  return matches.find((match) => match?.id === 'root')?.data as RootMetaData | undefined;
}

/** The brand profile of the document, from the root loader's data (for the shared messages, any brand's without it). */
export function metaBrand(matches: MetaArgs['matches']): BrandProfile {
  return rootData(matches)?.brand ?? brandProfiles[fallbackBrand];
}

/**
 * A title as every tab shows it, with the brand (docs/rules/general.md#brands): "Guthaben – Call a
 * Bike". Without the root loader's data (it failed) the brand is unknown, and the title names none
 * rather than perhaps the other brand.
 */
export function brandedPageTitle(matches: MetaArgs['matches'], title: string): MetaDescriptor {
  const brand = rootData(matches)?.brand;
  return { title: brand ? brandedTitle(brand, title) : title };
}

/** Title, canonical URL and alternates of whichever named page is shown. */
export function namedPageMeta({ location, matches }: MetaArgs): MetaDescriptor[] {
  const page = findPage(location.pathname);
  if (!page) return [];
  return pageMeta(page.id, page.locale, rootData(matches)?.publicUrl ?? '', metaBrand(matches));
}

/**
 * The title of the 404 page or the error screen, for the route whose ErrorBoundary shows it (root
 * and layouts): React Router then renders the meta of the routes down to that one only, so the page's
 * own title is gone, and a document needs one (WCAG 2.4.2). Nothing while there is no error.
 */
export function errorPageMeta({ location, matches, error }: MetaArgs): MetaDescriptor[] {
  if (!error) return [];
  const brand = metaBrand(matches);
  const t = translator(rootData(matches)?.locale ?? localeFromPath(location.pathname) ?? defaultLocale, brand.id);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    brandedPageTitle(matches, t(notFound ? 'error.not-found.title' : 'dbc-error-oops')),
    { name: 'robots', content: 'noindex' },
  ];
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

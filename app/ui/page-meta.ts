import type { MetaDescriptor } from 'react-router';
import { pageMeta } from '~/i18n/route-meta';
import { findPage } from '~/i18n/route-table';

interface MetaArgs {
  location: { pathname: string };
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
}

/** Title, canonical URL and alternates of whichever named page is shown. */
export function namedPageMeta({ location, matches }: MetaArgs): MetaDescriptor[] {
  const page = findPage(location.pathname);
  if (!page) return [];
  const root = matches.find((match) => match?.id === 'root')?.data as { publicUrl?: string } | undefined;
  return pageMeta(page.id, page.locale, root?.publicUrl ?? '');
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

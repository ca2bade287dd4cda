import type { ComponentProps } from 'react';
import { Link, useLocation } from 'react-router';
import { withCarriedQuery } from '~/shared/navigation/carry-query';
import { useLocale } from '~/i18n/hooks';
import type { Locale } from '~/i18n/locales';
import { pagePath, type PageId } from '~/i18n/route-table';

type PageLinkProps = Omit<ComponentProps<typeof Link>, 'to'> & {
  page: PageId;
  locale?: Locale;
  /** Extra query, e.g. a redirect target. */
  query?: Record<string, string>;
  hash?: string;
};

/** A link to a named page in the current (or given) locale; carries dbcembedded, utm* and gclid along. */
export function PageLink({ page, locale, query, hash, ...props }: PageLinkProps) {
  const currentLocale = useLocale();
  const { search } = useLocation();
  return <Link {...props} to={pageHref(page, locale ?? currentLocale, search, query, hash)} />;
}

export function pageHref(
  page: PageId,
  locale: Locale,
  currentSearch: string,
  query?: Record<string, string>,
  hash?: string,
): string {
  const own = query ? `?${new URLSearchParams(query).toString()}` : '';
  return withCarriedQuery(`${pagePath(page, locale)}${own}${hash ? `#${hash}` : ''}`, currentSearch);
}

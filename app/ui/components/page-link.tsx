import type { ComponentProps } from 'react';
import { useLocale } from '~/i18n/hooks';
import type { Locale } from '~/i18n/locales';
import { pagePath, type PageId } from '~/i18n/route-table';
import { passOn } from '../pass-on';
import { AppLink } from './app-link';

type PageLinkProps = Omit<ComponentProps<typeof AppLink>, 'to'> & {
  page: PageId;
  locale?: Locale;
  /** Extra query, e.g. a redirect target. */
  query?: Record<string, string>;
  hash?: string;
};

/**
 * A link to a named page in the current (or given) locale. Like every link it goes through the
 * link builder: dbcembedded, utm* and gclid travel along, and a web view links the page's web-view
 * copy.
 */
export function PageLink({ page, locale, query, hash, ...props }: PageLinkProps) {
  const currentLocale = useLocale();
  const own = query ? `?${new URLSearchParams(query).toString()}` : '';
  const to = `${pagePath(page, locale ?? currentLocale)}${own}${hash ? `#${hash}` : ''}`;
  return <AppLink {...passOn(props, { to })} />;
}

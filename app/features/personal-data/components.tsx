import type { ReactNode } from 'react';
import { usePage, useT } from '~/i18n/hooks';
import { pageForView, pages, type PageId } from '~/i18n/route-table';
import { PageLink } from '~/ui/components/page-link';

/** Whether the page is shown inside the native apps' web view. */
export function useEmbedded(): boolean {
  return usePage()?.embedded ?? false;
}

/**
 * A link to a named page that keeps a web view inside the app: the page's embedded variant when
 * there is one; in a web view, pages without one are not linked at all (they would show the site's
 * header and footer), and `fallback` is shown instead.
 */
export function ViewLink({
  page,
  children,
  fallback = null,
}: {
  page: PageId;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const embedded = useEmbedded();
  const target = pageForView(page, embedded);
  if (embedded && !pages[target].embedded) return <>{fallback}</>;
  return <PageLink page={target}>{children}</PageLink>;
}

/** "Back to my data", in the regular or the embedded data page. */
export function BackToData() {
  const t = useT();
  return (
    <p className="personal-data__back">
      <ViewLink page="data">{t('my-data.back')}</ViewLink>
    </p>
  );
}

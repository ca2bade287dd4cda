import type { ReactNode } from 'react';
import { useT } from '~/i18n/hooks';
import type { PageId } from '~/i18n/route-table';

/** The page's one h1, from the route table's title, or the page's own for a state of it (a form sent, say). */
export function PageTitle({ page, title, children }: { page: PageId; title?: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="page-title">
      <h1>{title ?? t(`page.${page}.title`)}</h1>
      {children}
    </div>
  );
}

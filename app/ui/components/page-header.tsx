import type { ReactNode } from 'react';
import { useT } from '~/i18n/hooks';
import type { PageId } from '~/i18n/route-table';

/** The page's one h1, from the route table's title. */
export function PageTitle({ page, children }: { page: PageId; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="page-title">
      <h1>{t(`page.${page}.title`)}</h1>
      {children}
    </div>
  );
}

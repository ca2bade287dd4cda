import { useLocation } from 'react-router';
import { useT } from '~/i18n/hooks';
import { AppLink } from '~/ui/components/app-link';

/** Previous and next links of a list paged on the server; the other query values stay. */
export function Pagination({ page, hasNext }: { page: number; hasNext: boolean }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const hrefOf = (target: number) => {
    const query = new URLSearchParams(search);
    query.set('page', String(target));
    return `${pathname}?${query.toString()}`;
  };
  if (page <= 1 && !hasNext) return null;
  return (
    <nav className="pagination" aria-label={t('backoffice.pagination')}>
      {page > 1 ? <AppLink to={hrefOf(page - 1)}>{t('backoffice.pagination.previous')}</AppLink> : null}
      <span aria-current="page">{t('backoffice.pagination.page', { page })}</span>
      {hasNext ? <AppLink to={hrefOf(page + 1)}>{t('backoffice.pagination.next')}</AppLink> : null}
    </nav>
  );
}

import { useLoaderData, useLocation } from 'react-router';
import { useLocale, usePage, useT } from '~/i18n/hooks';
import { formatEuro } from '~/i18n/intl-formats';
import { AppLink } from '~/ui/components/app-link';
import { PageTitle } from '~/ui/components/page-header';
import { ResponsiveTable, type TableColumn } from '~/ui/components/responsive-table';
import type { ridesPageLoader } from '../rides-page.server';

type Ride = Awaited<ReturnType<typeof ridesPageLoader>>['rides'][number];

/** Where the page links jump to, so that paging keeps the list in view. */
const ridesAnchor = 'fahrten';

/**
 * The rides page (docs/rules/rides-and-charges.md#rides-page): the customer's rides newest first, one page
 * at a time, each with its times, duration, vehicle, a car's distance, its price and how that was made, and a
 * CSV download of them all. A table that becomes one card per ride in a narrow box (ResponsiveTable).
 */
export function RidesPage() {
  const t = useT();
  const locale = useLocale();
  const page = usePage();
  const { pathname } = useLocation();
  const { rides, page: current, pageCount } = useLoaderData<typeof ridesPageLoader>();
  const pageHref = (target: number) => `${pathname}?page=${target}#${ridesAnchor}`;
  const columns: TableColumn<Ride>[] = [
    { header: t('rides.column.start'), rowHeader: true, cell: (ride) => ride.start },
    { header: t('rides.column.end'), cell: (ride) => ride.end },
    { header: t('rides.column.duration'), cell: (ride) => ride.duration },
    { header: t('rides.column.vehicle'), cell: (ride) => ride.vehicle },
    // Distances are the price of a car ride only; a list of bike rides has no such column.
    ...(rides.some((ride) => ride.distance !== null)
      ? [{ header: t('rides.column.distance'), cell: (ride: Ride) => ride.distance ?? '–' }]
      : []),
    { header: t('rides.column.price'), amount: true, cell: (ride) => formatEuro(ride.priceCents, locale) },
    {
      header: t('rides.column.breakdown'),
      cell: (ride) =>
        ride.explanation.length > 0 ? (
          <ul className="rides__breakdown">
            {ride.explanation.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          '–'
        ),
    },
  ];
  return (
    <div className="rides">
      <PageTitle page={page?.id ?? 'rides'}>
        <p>{t('rides.intro')}</p>
      </PageTitle>
      <section id={ridesAnchor} aria-label={t('rides.caption')}>
        {rides.length === 0 ? (
          <p>{t('rides.empty')}</p>
        ) : (
          <ResponsiveTable
            caption={
              <>
                {t('rides.caption')}
                {pageCount > 1 ? ` – ${t('rides.page-of', { page: current, count: pageCount })}` : ''}
              </>
            }
            className="price-table rides-table"
            rows={rides}
            rowKey={(ride) => ride.id}
            columns={columns}
          />
        )}
        {pageCount > 1 ? (
          <nav className="pagination" aria-label={t('rides.pages')}>
            {current > 1 ? <AppLink to={pageHref(current - 1)}>{t('rides.newer')}</AppLink> : null}
            <span aria-current="page">{t('rides.page-of', { page: current, count: pageCount })}</span>
            {current < pageCount ? <AppLink to={pageHref(current + 1)}>{t('rides.older')}</AppLink> : null}
          </nav>
        ) : null}
        {rides.length > 0 ? (
          <p>
            {/* A file download, not a page: a plain link that the browser fetches itself. */}
            <a href={`/resources/rides-statement?locale=${locale}`} download>
              {t('rides.download')}
            </a>
          </p>
        ) : null}
      </section>
    </div>
  );
}

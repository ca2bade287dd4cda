import { useLocale, useT } from '~/i18n/hooks';
import type { Locale } from '~/i18n/locales';
import { formatEuro } from '~/i18n/intl-formats';
import { ResponsiveTable } from '~/ui/components/responsive-table';
import { baseFeeText } from '../tariff-text';
import type { Tariff } from '../tariffs.server';

/** A tariff's name in the page's language. */
export function tariffName(tariff: Pick<Tariff, 'nameDe' | 'nameEn'>, locale: Locale): string {
  return locale === 'de' ? tariff.nameDe : tariff.nameEn;
}

/** The brand's tariffs: the price list's table, and in the self-service area with the customer's own one marked. */
export function TariffTable({
  tariffs,
  caption,
  currentId,
}: {
  tariffs: Tariff[];
  caption: string;
  currentId?: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <ResponsiveTable
      caption={caption}
      className="price-table tariff-table"
      rows={tariffs}
      rowKey={(tariff) => tariff.id}
      rowProps={(tariff) => (tariff.id === currentId ? { className: 'tariff-table__current' } : {})}
      columns={[
        {
          header: t('price-list.tariff'),
          rowHeader: true,
          cell: (tariff) => (
            <>
              {tariffName(tariff, locale)}
              {tariff.id === currentId ? (
                <span className="tariff-table__badge"> ({t('tariff.table.yours')})</span>
              ) : null}
            </>
          ),
        },
        { header: t('price-list.base-fee'), cell: (tariff) => baseFeeText(tariff, t, locale) },
        {
          header: t('price-list.ride-price'),
          cell: (tariff) => (
            <>
              {tariff.ridePriceCents > 0
                ? t('price-list.per-started-minutes', {
                    amount: formatEuro(tariff.ridePriceCents, locale),
                    minutes: tariff.rideBlockMinutes,
                  })
                : '–'}
              {tariff.freeMinutes > 0 ? (
                <>
                  <br />
                  {t('price-list.free-minutes', { minutes: tariff.freeMinutes })}
                </>
              ) : null}
            </>
          ),
        },
        {
          header: t('price-list.daily-cap'),
          cell: (tariff) => (tariff.dailyCapCents === null ? '–' : formatEuro(tariff.dailyCapCents, locale)),
        },
        { header: t('price-list.term'), cell: (tariff) => t(`term.${tariff.term}`) },
      ]}
    />
  );
}

import { useLocale, useT } from '~/i18n/hooks';
import type { Locale } from '~/i18n/locales';
import { baseFeeText } from '../tariff-text';
import type { Tariff } from '../tariffs.server';

import { TableScroll } from '~/ui/components/table-scroll';
import { formatEuro } from '~/i18n/intl-formats';
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
    <TableScroll label={caption}>
      <table className="price-table tariff-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('price-list.tariff')}</th>
            <th scope="col">{t('price-list.base-fee')}</th>
            <th scope="col">{t('price-list.ride-price')}</th>
            <th scope="col">{t('price-list.daily-cap')}</th>
            <th scope="col">{t('price-list.term')}</th>
          </tr>
        </thead>
        <tbody>
          {tariffs.map((tariff) => {
            const current = tariff.id === currentId;
            return (
              <tr key={tariff.id} className={current ? 'tariff-table__current' : undefined}>
                <th scope="row">
                  {tariffName(tariff, locale)}
                  {current ? <span className="tariff-table__badge"> ({t('tariff.table.yours')})</span> : null}
                </th>
                <td>{baseFeeText(tariff, t, locale)}</td>
                <td>
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
                </td>
                <td>{tariff.dailyCapCents === null ? '–' : formatEuro(tariff.dailyCapCents, locale)}</td>
                <td>{t(`term.${tariff.term}`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

import type { Route } from './+types/price-list';
import { business } from '~/config/business';
import { servicesContext } from '~/context';
import { TariffTable } from '~/features/tariffs/components/tariff-table';
import { listTariffs, listVehicleClasses } from '~/features/tariffs/tariffs.server';
import { useLocale, useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { Section } from '~/ui/components/section';
import { TableScroll } from '~/ui/components/table-scroll';
import { namedPageMeta, publicPageHeaders } from '~/ui/page-meta';
import { formatEuro } from '~/i18n/intl-formats';

export const meta = namedPageMeta;
export const headers = publicPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const { database, config } = context.get(servicesContext);
  const [tariffs, vehicleClasses] = await Promise.all([
    listTariffs(database.db, config.brand),
    listVehicleClasses(database.db, config.brand),
  ]);
  return { tariffs, vehicleClasses };
}

export default function PriceList({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { tariffs, vehicleClasses } = loaderData;
  const euro = (cents: number) => formatEuro(cents, locale);
  const name = (row: { nameDe: string; nameEn: string }) => (locale === 'de' ? row.nameDe : row.nameEn);
  return (
    <>
      <PageTitle page="priceList">
        <p className="lead">{t('price-list.lead')}</p>
      </PageTitle>
      <Section>
        <TariffTable tariffs={tariffs} caption={t('price-list.examples')} />
      </Section>
      {vehicleClasses.length > 0 ? (
        <Section>
          <TableScroll label={t('price-list.vehicle-classes')}>
            <table className="price-table">
              <caption>{t('price-list.vehicle-classes')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('price-list.vehicle-class')}</th>
                  <th scope="col">{t('price-list.hour-price')}</th>
                  <th scope="col">{t('price-list.km-price')}</th>
                  <th scope="col">{t('price-list.daily-cap')}</th>
                </tr>
              </thead>
              <tbody>
                {vehicleClasses.map((vehicleClass) => (
                  <tr key={vehicleClass.id}>
                    <th scope="row">{name(vehicleClass)}</th>
                    <td>{euro(vehicleClass.hourCents)}</td>
                    <td>{euro(vehicleClass.kmCents)}</td>
                    <td>{euro(vehicleClass.dailyCapCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Section>
      ) : (
        <p>
          {t('price-list.e-bike-surcharge', {
            amount: euro(business.eBikeSurchargeCents),
            minutes: business.eBikeSurchargeBlockMinutes,
          })}
        </p>
      )}
    </>
  );
}

import type { Route } from './+types/price-list';
import { business } from '~/config/business';
import { servicesContext } from '~/context';
import { TariffTable } from '~/features/tariffs/components/tariff-table';
import { listTariffs, listVehicleClasses } from '~/features/tariffs/tariffs.server';
import { useLocale, useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { Section } from '~/ui/components/section';
import { ResponsiveTable } from '~/ui/components/responsive-table';
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
          <ResponsiveTable
            caption={t('price-list.vehicle-classes')}
            className="price-table"
            rows={vehicleClasses}
            rowKey={(vehicleClass) => vehicleClass.id}
            columns={[
              { header: t('price-list.vehicle-class'), rowHeader: true, cell: name },
              { header: t('price-list.hour-price'), cell: (vehicleClass) => euro(vehicleClass.hourCents) },
              { header: t('price-list.km-price'), cell: (vehicleClass) => euro(vehicleClass.kmCents) },
              { header: t('price-list.daily-cap'), cell: (vehicleClass) => euro(vehicleClass.dailyCapCents) },
            ]}
          />
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

import type { Route } from './+types/home';
import { pageContext, servicesContext } from '~/context';
import { baseFeeText } from '~/features/tariffs/tariff-text';
import { listTariffs, listVehicleClasses } from '~/features/tariffs/tariffs.server';
import { useLocale, useT } from '~/i18n/hooks';
import { useRootData } from '~/root';
import { ContentBlocks } from '~/ui/components/content-blocks';
import { PageLink } from '~/ui/components/page-link';
import { Section } from '~/ui/components/section';
import { namedPageMeta, publicPageHeaders } from '~/ui/page-meta';
import { formatEuro } from '~/i18n/intl-formats';

export const headers = publicPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const { database, config, content } = context.get(servicesContext);
  const { locale } = context.get(pageContext);
  const [tariffs, vehicleClasses, page] = await Promise.all([
    listTariffs(database.db, config.brand),
    listVehicleClasses(database.db, config.brand),
    content.page('home', locale),
  ]);
  return { tariffs, vehicleClasses, blocks: page?.blocks ?? [] };
}

export const meta = namedPageMeta;

/** The brand's offer: what it is, how it works (content), the tariffs' highlights and the apps. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const root = useRootData();
  const brand = root?.brand.name ?? '';
  const apps = root?.site.apps ?? [];
  const name = (row: { nameDe: string; nameEn: string }) => (locale === 'de' ? row.nameDe : row.nameEn);
  const euro = (cents: number) => formatEuro(cents, locale);
  return (
    <>
      <Section className="hero">
        <h1>{brand}</h1>
        <p className="lead">{t('home.lead', { brand })}</p>
        <p className="hero__actions">
          <PageLink className="button" page="register">
            {t('page.register.title')}
          </PageLink>
          <PageLink className="button button--secondary" page="priceList">
            {t('page.priceList.title')}
          </PageLink>
        </p>
      </Section>

      <Section className="highlights" aria-labelledby="home-tariffs">
        <h2 id="home-tariffs">{t('home.tariffs')}</h2>
        <ul className="highlights__list">
          {loaderData.tariffs.map((tariff) => (
            <li key={tariff.id} className="highlights__item">
              <h3>{name(tariff)}</h3>
              <p>{baseFeeText(tariff, t, locale)}</p>
              {tariff.ridePriceCents > 0 && (
                <p>
                  {t('price-list.per-started-minutes', {
                    amount: euro(tariff.ridePriceCents),
                    minutes: tariff.rideBlockMinutes,
                  })}
                </p>
              )}
              {tariff.freeMinutes > 0 && <p>{t('price-list.free-minutes', { minutes: tariff.freeMinutes })}</p>}
            </li>
          ))}
          {loaderData.vehicleClasses.map((vehicleClass) => (
            <li key={vehicleClass.id} className="highlights__item">
              <h3>{name(vehicleClass)}</h3>
              <p>{t('price-list.per-hour', { amount: euro(vehicleClass.hourCents) })}</p>
              <p>{t('price-list.per-km', { amount: euro(vehicleClass.kmCents) })}</p>
            </li>
          ))}
        </ul>
        <p>
          <PageLink page="priceList">{t('home.all-prices')}</PageLink>
        </p>
      </Section>

      <ContentBlocks blocks={loaderData.blocks} />

      {apps.length > 0 && (
        <Section className="home-apps" aria-labelledby="home-apps">
          <h2 id="home-apps">{t('home.apps')}</h2>
          <ul className="app-badges">
            {apps.map((app) => (
              <li key={app.id}>
                <a className="button button--secondary" href={app.storeUrl} rel="noopener">
                  {app.badgeText[locale] ?? app.name}
                </a>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}

import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/overview';
import { servicesContext } from '~/context';
import { customerScope } from '~/features/self-service/customer-scope.server';
import { loadOverview, type OutstandingAction } from '~/features/self-service/overview.server';
import { usePage, useLocale, useT } from '~/i18n/hooks';
import { pageForView, pages, type PageId } from '~/i18n/route-table';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { formatDate, formatEuro } from '~/i18n/intl-formats';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

export async function loader({ url, context }: Route.LoaderArgs) {
  const { customerId } = customerScope(url, context);
  const overview = await loadOverview(context.get(servicesContext).database.db, customerId);
  if (!overview) throw data(null, { status: 404 });
  return overview;
}

const actionTargets: Record<OutstandingAction, PageId> = {
  'negative-balance': 'credit',
  'verify-email': 'data',
  'add-payment-method': 'paymentUpdate',
  'pending-tariff-change': 'tariff',
  'pending-cancellation': 'contract',
};

/** The self-service start: every part of the contract at a glance, each linking to its page. */
export default function Overview() {
  const t = useT();
  const locale = useLocale();
  const page = usePage();
  const overview = useLoaderData<typeof loader>();
  const embedded = page?.embedded ?? false;
  const name = (tariff: { nameDe: string; nameEn: string }) => (locale === 'de' ? tariff.nameDe : tariff.nameEn);
  const { contract, paymentMethod, contact } = overview;

  return (
    <div className="overview">
      <PageTitle page={embedded ? 'selfServiceEmbedded' : 'selfService'}>
        <p>{t('overview.greeting', { name: contact.firstName })}</p>
      </PageTitle>

      {overview.actions.length > 0 && (
        <section className="overview__actions" aria-labelledby="overview-actions">
          <h2 id="overview-actions">{t('overview.actions.title')}</h2>
          <ul>
            {overview.actions.map((action) => (
              <li key={action}>
                <SectionLink page={actionTargets[action]} embedded={embedded}>
                  {t(`overview.action.${action}`, {
                    date: overview.pendingTariffChange
                      ? formatDate(overview.pendingTariffChange.effectiveDate, locale)
                      : '',
                    end: contract?.endDate ? formatDate(contract.endDate, locale) : '',
                  })}
                </SectionLink>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="overview__grid">
        <OverviewCard title={t('page.contract.title')} page="contract" embedded={embedded}>
          {contract ? (
            <>
              <p>
                {t(`overview.contract.${contract.state}`, {
                  end: contract.endDate ? formatDate(contract.endDate, locale) : '',
                })}
              </p>
              <p>{t('overview.contract.tariff', { tariff: name(contract.tariff) })}</p>
            </>
          ) : (
            <p>{t('overview.contract.none')}</p>
          )}
        </OverviewCard>

        <OverviewCard title={t('page.tariff.title')} page="tariff" embedded={embedded}>
          <p>{contract ? name(contract.tariff) : t('overview.contract.none')}</p>
          {overview.pendingTariffChange && (
            <p>
              {t('overview.tariff.pending', {
                tariff: name(overview.pendingTariffChange.tariff),
                date: formatDate(overview.pendingTariffChange.effectiveDate, locale),
              })}
            </p>
          )}
        </OverviewCard>

        <OverviewCard title={t('page.rides.title')} page="rides" embedded={embedded}>
          <p>{t('overview.rides.text')}</p>
        </OverviewCard>

        <OverviewCard title={t('page.credit.title')} page="credit" embedded={embedded}>
          <p className={overview.balanceCents < 0 ? 'overview__amount overview__amount--negative' : 'overview__amount'}>
            {formatEuro(overview.balanceCents, locale)}
          </p>
        </OverviewCard>

        <OverviewCard title={t('page.payment.title')} page="payment" embedded={embedded}>
          {paymentMethod ? (
            <p>
              {paymentMethod.kind === 'sepa'
                ? t('overview.payment.sepa', { last4: paymentMethod.ibanLast4 ?? '' })
                : (paymentMethod.label ?? t(`overview.payment.${paymentMethod.kind}`))}
            </p>
          ) : (
            <p>{t('overview.payment.none')}</p>
          )}
        </OverviewCard>

        <OverviewCard title={t('page.data.title')} page="data" embedded={embedded}>
          <p>
            {contact.firstName} {contact.lastName}
            <br />
            {contact.email}
            {!overview.emailVerified && <> ({t('overview.data.unverified')})</>}
            <br />
            {contact.phoneE164}
            <br />
            {contact.addressText}
          </p>
        </OverviewCard>
      </div>
    </div>
  );
}

function OverviewCard({
  title,
  page,
  embedded,
  children,
}: {
  title: string;
  page: PageId;
  embedded: boolean;
  children: React.ReactNode;
}) {
  const t = useT();
  const target = linkTarget(page, embedded);
  return (
    <section className="overview__card" aria-label={title}>
      <h2>{title}</h2>
      {children}
      {target && <PageLink page={target}>{t('overview.open', { section: title })}</PageLink>}
    </section>
  );
}

/**
 * Where a self-service link leads: inside a web view the page's embedded variant; a page without one
 * is not linked there (null), because the site's full layout would leave the app's frame.
 */
function linkTarget(page: PageId, embedded: boolean): PageId | null {
  const target = pageForView(page, embedded);
  return embedded && !pages[target].embedded ? null : target;
}

function SectionLink({ page, embedded, children }: { page: PageId; embedded: boolean; children: React.ReactNode }) {
  const target = linkTarget(page, embedded);
  return target ? <PageLink page={target}>{children}</PageLink> : <span>{children}</span>;
}

import { data, useLoaderData, useSearchParams } from 'react-router';
import type { Route } from './+types/tariff';
import { loadContract } from '~/features/contract/contract.server';
import { withdrawTariffChange } from '~/features/contract/tariff-change.server';
import { customerScope } from '~/features/self-service/customer-scope.server';
import { csrfFor } from '~/shared/security/form-page.server';
import { TariffTable, tariffName } from '~/features/tariffs/components/tariff-table';
import { baseFeeText } from '~/features/tariffs/tariff-text';
import { listTariffs } from '~/features/tariffs/tariffs.server';
import { useFormatDate, useLocale, useT } from '~/i18n/hooks';
import { pagePath } from '~/i18n/route-table';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';
import { ButtonForm } from '~/ui/form/button-form';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const scope = customerScope(url, context);
  const csrf = csrfFor(request, context);
  const [contract, tariffs] = await Promise.all([
    loadContract(scope.ctx.db, scope.customerId),
    listTariffs(scope.ctx.db, scope.ctx.config.brand),
  ]);
  return data({ csrf: csrf.token, contract, tariffs }, { headers: csrf.headers });
}

/** Withdraws the pending tariff change. */
export async function action({ url, context }: Route.ActionArgs) {
  const scope = customerScope(url, context);
  const withdrawn = await withdrawTariffChange(scope.ctx.db, scope.customerId);
  return redirectCarrying(
    url,
    `${pagePath('tariff', scope.locale)}?${withdrawn ? 'withdrawn=1' : 'nothing-pending=1'}`,
  );
}

export default function TariffPage() {
  const t = useT();
  const locale = useLocale();
  const formatDate = useFormatDate();
  const { csrf, contract, tariffs } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  if (!contract) {
    return (
      <>
        <PageTitle page="tariff" />
        <p className="notice notice--error" role="alert">
          {t('contract.none')}
        </p>
      </>
    );
  }
  const changed = searchParams.get('changed');
  const status =
    changed === 'applied'
      ? t('tariff.changed.applied', { tariff: tariffName(contract.tariff, locale) })
      : changed === 'pending' && contract.pendingChange
        ? t('tariff.changed.pending', {
            tariff: tariffName(contract.pendingChange.toTariff, locale),
            date: formatDate(contract.pendingChange.effectiveDate),
          })
        : searchParams.has('withdrawn')
          ? t('tariff.pending.withdrawn')
          : searchParams.has('nothing-pending')
            ? t('tariff.pending.none')
            : null;
  return (
    <>
      <PageTitle page="tariff" />
      {status ? (
        <p className="notice" role="status">
          {status}
        </p>
      ) : null}

      <section aria-labelledby="tariff-current">
        <h2 id="tariff-current">{t('tariff.current')}</h2>
        <p className="tariff-current">
          <strong>{tariffName(contract.tariff, locale)}</strong> – {baseFeeText(contract.tariff, t, locale)}
          <br />
          {t('tariff.current.since', { date: formatDate(contract.tariffSince) })}
        </p>
        {contract.pendingChange ? (
          <div className="notice">
            <p>
              {t('tariff.pending', {
                tariff: tariffName(contract.pendingChange.toTariff, locale),
                date: formatDate(contract.pendingChange.effectiveDate),
              })}
            </p>
            <ButtonForm id="withdraw-tariff-change" csrf={csrf} label={t('tariff.pending.withdraw')} secondary />
          </div>
        ) : null}
        {contract.state === 'cancellation_requested' ? (
          <p className="notice">{t('tariff-change.cancellation-pending')}</p>
        ) : contract.state === 'ended' || contract.state === 'withdrawn' ? (
          <p className="notice">{t('tariff-change.contract-ended')}</p>
        ) : contract.pendingChange ? null : (
          <p>
            <PageLink page="tariffChange" className="button">
              {t('tariff.change-link')}
            </PageLink>
          </p>
        )}
      </section>

      <section aria-labelledby="tariff-all">
        <h2 id="tariff-all">{t('page.priceList.title')}</h2>
        <TariffTable tariffs={tariffs} caption={t('tariff.table.caption')} currentId={contract.tariff.id} />
      </section>
    </>
  );
}

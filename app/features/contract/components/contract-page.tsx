import type { SubmissionResult } from '@conform-to/react';
import type { BrandProfile } from '~/config/brand';
import { useSearchParams } from 'react-router';
import { useFormatDate, useLocale, useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { ReauthenticationField } from '~/ui/form/reauthentication-field';
import { formatBerlinDateTime } from '../confirmation';
import type { ContractOverview } from '../contract.server';
import { WithdrawalSection } from './withdrawal-section';

/**
 * The contract page's content (routes/self-service/contract.tsx loads it with `deferredForm`): the
 * contract's details, and its cancellation, with the form that withdraws a pending one.
 */
export function ContractPage({
  csrf,
  contract,
  reauthenticationNeeded,
  lastResult,
  brand,
}: {
  csrf: string;
  contract: ContractOverview | null;
  reauthenticationNeeded: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  brand: Pick<BrandProfile, 'id' | 'provider' | 'mailSender'>;
}) {
  const t = useT();
  const locale = useLocale();
  const formatDate = useFormatDate();
  const [searchParams] = useSearchParams();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../withdraw-schema').then((module) => module.withdrawSchema),
    { lastResult },
  );
  if (!contract) {
    return (
      <>
        <PageTitle page="contract" />
        <p className="notice notice--error" role="alert">
          {t('contract.none')}
        </p>
      </>
    );
  }
  const tariffName = locale === 'de' ? contract.tariff.nameDe : contract.tariff.nameEn;
  return (
    <>
      <PageTitle page="contract" />
      {searchParams.has('withdrawn') && contract.state === 'active' ? (
        <p className="notice" role="status">
          {t('contract.withdraw.done')}
        </p>
      ) : null}

      <section aria-labelledby="contract-details">
        <h2 id="contract-details">{t('contract.details')}</h2>
        <dl className="summary-list">
          <div className="summary-list__row">
            <dt>{t('contract.state')}</dt>
            <dd>{t(`contract.state.${contract.state}`)}</dd>
          </div>
          <div className="summary-list__row">
            <dt>{t('contract.tariff')}</dt>
            <dd>
              {tariffName} (<PageLink page="tariff">{t('contract.manage-tariff')}</PageLink>)
            </dd>
          </div>
          <div className="summary-list__row">
            <dt>{t('contract.start-date')}</dt>
            <dd>{formatDate(contract.startDate)}</dd>
          </div>
          <div className="summary-list__row">
            <dt>{t('contract.tariff-since')}</dt>
            <dd>{formatDate(contract.tariffSince)}</dd>
          </div>
          <div className="summary-list__row">
            <dt>{t('contract.term')}</dt>
            <dd>{t(`term.${contract.tariff.term}`)}</dd>
          </div>
          {contract.firstTermEnd ? (
            <div className="summary-list__row">
              <dt>{t('contract.first-term-end')}</dt>
              <dd>{formatDate(contract.firstTermEnd)}</dd>
            </div>
          ) : null}
          {contract.state === 'active' && contract.earliestEndDate ? (
            <div className="summary-list__row">
              <dt>{t('contract.next-end-date')}</dt>
              <dd>{t('contract.next-end-date.value', { date: formatDate(contract.earliestEndDate) })}</dd>
            </div>
          ) : null}
          {contract.endDate ? (
            <div className="summary-list__row">
              <dt>{t('contract.end-date')}</dt>
              <dd>{formatDate(contract.endDate)}</dd>
            </div>
          ) : null}
        </dl>
        {contract.pendingChange ? (
          <p>
            {t('contract.pending-change', {
              tariff: locale === 'de' ? contract.pendingChange.toTariff.nameDe : contract.pendingChange.toTariff.nameEn,
              date: formatDate(contract.pendingChange.effectiveDate),
            })}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="contract-cancellation">
        <h2 id="contract-cancellation">{t('contract.cancellation')}</h2>
        {contract.state === 'ended' && contract.endDate ? (
          <p>{t('contract.ended', { date: formatDate(contract.endDate) })}</p>
        ) : null}
        {contract.state === 'cancellation_requested' && contract.endDate ? (
          <>
            <p className="notice">{t('contract.cancellation-pending', { date: formatDate(contract.endDate) })}</p>
            {contract.cancellation ? (
              <p>
                {t('contract.cancellation-received', {
                  time: formatBerlinDateTime(contract.cancellation.receivedAt, locale),
                  reference: contract.cancellation.reference,
                })}
              </p>
            ) : null}
            <p>{t('contract.withdraw.intro', { date: formatDate(contract.endDate) })}</p>
            <AppForm form={form} csrfToken={csrf} validation={validation}>
              <ReauthenticationField field={fields.currentPassword} needed={reauthenticationNeeded} />
              <button type="submit" className="button">
                {t('contract.withdraw.submit')}
              </button>
            </AppForm>
          </>
        ) : null}
        {contract.state === 'active' ? (
          <p>
            {t('contract.cancel-intro')} <PageLink page="contractCancel">{t('contract.cancel-link')}</PageLink>
          </p>
        ) : null}
      </section>
      <WithdrawalSection contract={contract} brand={brand} />
    </>
  );
}

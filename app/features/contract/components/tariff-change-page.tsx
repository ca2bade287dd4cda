import type { SubmissionResult } from '@conform-to/react';
import { tariffName, tariffOptionText } from '~/features/tariffs/public';
import type { Tariff } from '~/features/tariffs/public.server';
import { useFormatDate, useLocale, useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import type { ContractOverview } from '../contract.server';
import { RadioGroupField } from './radio-group-field';

/**
 * The tariff change page's content (routes/self-service/tariff-change.tsx loads it with
 * `deferredForm`): the brand's other tariffs to choose from, each with the day it would apply, or
 * why no change can be ordered now.
 */
export function TariffChangePage({
  csrf,
  contract,
  offers,
  lastResult,
}: {
  csrf: string;
  contract: ContractOverview | null;
  offers: readonly { tariff: Tariff; appliesFrom: string | null }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const formatDate = useFormatDate();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../tariff-change-schema').then((module) => module.tariffChangeSchema),
    { lastResult },
  );
  const blocked = !contract
    ? t('tariff-change.no-contract')
    : contract.state === 'cancellation_requested'
      ? t('tariff-change.cancellation-pending')
      : contract.state === 'ended'
        ? t('tariff-change.contract-ended')
        : contract.pendingChange
          ? t('tariff-change.pending-exists')
          : offers.length === 0
            ? t('tariff-change.none-available')
            : null;
  return (
    <div className="narrow">
      <PageTitle page="tariffChange">{blocked ? null : <p>{t('tariff-change.intro')}</p>}</PageTitle>
      {blocked || !contract ? (
        <p className="notice" role="status">
          {blocked}
        </p>
      ) : (
        <>
          <p>
            {t('tariff.current')}: <strong>{tariffName(contract.tariff, locale)}</strong>
          </p>
          <AppForm form={form} csrfToken={csrf} validation={validation}>
            <RadioGroupField
              field={fields.tariffId}
              legend={t('tariff-change.field')}
              required
              options={offers.map(({ tariff, appliesFrom }) => ({
                value: tariff.id,
                label: tariffOptionText(tariff, t, locale),
                description: appliesFrom
                  ? t('tariff-change.option.from', { date: formatDate(appliesFrom) })
                  : t('tariff-change.option.now'),
              }))}
            />
            <button type="submit" className="button">
              {t('tariff-change.submit')}
            </button>
          </AppForm>
        </>
      )}
      <p>
        <PageLink page="tariff">{t('tariff-change.back')}</PageLink>
      </p>
    </div>
  );
}

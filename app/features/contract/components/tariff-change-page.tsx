import type { SubmissionResult } from '@conform-to/react';
import { tariffName, tariffOptionText, TariffTermsList } from '~/features/tariffs/public';
import type { Tariff } from '~/features/tariffs/public.server';
import { useFormatDate, useLocale, useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { AppForm } from '~/ui/form/app-form';
import { ButtonForm } from '~/ui/form/button-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { translateMessage } from '~/ui/form/field-shell';
import type { ContractOverview } from '../contract.server';
import { contractFinished } from '../contract-state';
import type { TariffChangeReview } from '../tariff-change.server';
import { RadioGroupField } from './radio-group-field';

/** The id of the summary the confirming button is described by. */
const summaryId = 'tariff-change-summary';

/**
 * The tariff change page's content (routes/self-service/tariff-change.tsx loads it with `deferredForm`), in two
 * steps (docs/rules/contract-and-cancellation.md#tariff-change): the brand's other tariffs to choose from, each with
 * the day it would apply, or why no change can be ordered now; then the summary of the chosen tariff, right before
 * the button that orders it.
 */
export function TariffChangePage({
  csrf,
  contract,
  offers,
  review,
  answer,
}: {
  csrf: string;
  contract: ContractOverview | null;
  offers: readonly { tariff: Tariff; appliesFrom: string | null }[];
  review: TariffChangeReview | null;
  /** The action's answer: to the choice, or to the confirmation (then shown above the summary). */
  answer: { confirm: boolean; result: SubmissionResult<string[]> } | undefined;
}) {
  const t = useT();
  const blocked = !contract
    ? t('tariff-change.no-contract')
    : contract.state === 'cancellation_requested'
      ? t('tariff-change.cancellation-pending')
      : contractFinished(contract.state)
        ? t('tariff-change.contract-ended')
        : contract.pendingChange
          ? t('tariff-change.pending-exists')
          : offers.length === 0
            ? t('tariff-change.none-available')
            : null;
  const confirmErrors = answer?.confirm ? (answer.result.error?.[''] ?? []) : [];
  return (
    <div className="narrow">
      {blocked || !contract ? (
        <>
          <PageTitle page="tariffChange" />
          <p className="notice" role="status">
            {blocked}
          </p>
        </>
      ) : review ? (
        <TariffChangeReviewStep csrf={csrf} review={review} errors={confirmErrors} />
      ) : (
        <TariffChoiceStep
          csrf={csrf}
          contract={contract}
          offers={offers}
          lastResult={answer?.confirm ? undefined : answer?.result}
          errors={confirmErrors}
        />
      )}
      <p>
        <PageLink page="tariff">{t('tariff-change.back')}</PageLink>
      </p>
    </div>
  );
}

function TariffChoiceStep({
  csrf,
  contract,
  offers,
  lastResult,
  errors,
}: {
  csrf: string;
  contract: ContractOverview;
  offers: readonly { tariff: Tariff; appliesFrom: string | null }[];
  lastResult: SubmissionResult<string[]> | undefined;
  errors: readonly string[];
}) {
  const t = useT();
  const locale = useLocale();
  const formatDate = useFormatDate();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../tariff-change-schema').then((module) => module.tariffChangeSchema),
    { lastResult },
  );
  return (
    <>
      <PageTitle page="tariffChange">
        <p>{t('tariff-change.intro')}</p>
      </PageTitle>
      <ConfirmationErrors errors={errors} />
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
        {/* Orders nothing yet: the summary of the chosen tariff comes first. */}
        <button type="submit" className="button">
          {t('tariff-change.continue')}
        </button>
      </AppForm>
    </>
  );
}

/**
 * The summary of the chosen tariff (price, base fee, term, when it applies) right before the button that orders the
 * change; the button says that the order costs money when the new tariff has a base fee or binds longer
 * (docs/rules/contract-and-cancellation.md#tariff-change).
 */
function TariffChangeReviewStep({
  csrf,
  review,
  errors,
}: {
  csrf: string;
  review: TariffChangeReview;
  errors: readonly string[];
}) {
  const t = useT();
  const locale = useLocale();
  const formatDate = useFormatDate();
  const effective = review.appliesAtOnce
    ? t('tariff-change.review.now', { date: formatDate(review.effectiveDate) })
    : t('tariff-change.review.from', { date: formatDate(review.effectiveDate) });
  return (
    <>
      <PageTitle page="tariffChange">
        <p>{t('tariff-change.review.intro')}</p>
      </PageTitle>
      <ConfirmationErrors errors={errors} />
      <section className="order-summary" aria-labelledby={`${summaryId}-title`}>
        <h2 id={`${summaryId}-title`}>{t('tariff-change.review.title')}</h2>
        <TariffTermsList
          tariff={review.to}
          id={summaryId}
          nameLabel={t('tariff-change.field')}
          after={[
            { label: t('tariff-change.review.effective'), value: effective },
            { label: t('tariff-change.review.current'), value: tariffName(review.from, locale) },
          ]}
        />
      </section>
      <ButtonForm
        id="tariff-change-confirm"
        csrf={csrf}
        fields={{ intent: 'confirm', tariffId: review.to.id, reviewKey: review.key }}
        label={review.paid ? t('tariff-change.submit.paid') : t('tariff-change.submit')}
        describedBy={summaryId}
      />
      <p>
        <PageLink page="tariffChange">{t('tariff-change.review.other')}</PageLink>
      </p>
    </>
  );
}

function ConfirmationErrors({ errors }: { errors: readonly string[] }) {
  const t = useT();
  if (errors.length === 0) return null;
  return (
    <div className="notice notice--error" role="alert">
      {errors.map((error) => (
        <p key={error}>{translateMessage(t, error)}</p>
      ))}
    </div>
  );
}

import type { SubmissionResult } from '@conform-to/react';
import { useEffect, useRef } from 'react';
import { useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { TextField } from '~/ui/form/inputs';
import type { CancellationConfirmation } from '../confirmation';
import { ConfirmationRowList, type CancellationDefaults } from './cancellation-form';

export interface WithdrawalReview {
  name: string;
  identifier: string;
  contractLabel: string;
  confirmationEmail: string;
}

/**
 * The withdrawal function's page (routes/public/withdraw-contract.tsx loads it with `deferredForm`;
 * docs/rules/contract-and-cancellation.md#withdrawal): step one asks only what identifies the contract,
 * step two shows the declaration with the button "Widerruf bestätigen", and after it the confirmation.
 * Both steps are one form, so that it works without JavaScript.
 */
export function WithdrawalPage({
  csrf,
  defaults,
  result,
  review,
  edited,
  confirmation,
}: {
  csrf: string;
  defaults: CancellationDefaults | null;
  result: SubmissionResult<string[]> | undefined;
  review: WithdrawalReview | null | undefined;
  /** "Change details" from step two: the fields again, with what they held. */
  edited?: WithdrawalReview | null;
  confirmation: CancellationConfirmation | null | undefined;
}) {
  const t = useT();
  return (
    <div className="narrow cancel-page">
      <PageTitle page="withdrawContract">{confirmation || review ? null : <p>{t('withdrawal.intro')}</p>}</PageTitle>
      {confirmation ? (
        <WithdrawalConfirmation confirmation={confirmation} />
      ) : (
        // A new step is a new form: its fields start from what the step before held.
        <WithdrawalForm
          key={review ? 'review' : edited ? 'edited' : 'form'}
          csrf={csrf}
          defaults={edited ?? defaults}
          result={edited ? undefined : result}
          review={review ?? null}
          focusFirstField={Boolean(edited)}
        />
      )}
    </div>
  );
}

function WithdrawalForm({
  csrf,
  defaults,
  result,
  review,
  focusFirstField,
}: {
  csrf: string;
  defaults: CancellationDefaults | null;
  result: SubmissionResult<string[]> | undefined;
  review: WithdrawalReview | null;
  focusFirstField: boolean;
}) {
  const t = useT();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../withdrawal-schema').then((module) => module.withdrawalSchema),
    {
      lastResult: result,
      defaultValue: {
        name: defaults?.name ?? '',
        identifier: defaults?.identifier ?? '',
        confirmationEmail: defaults?.confirmationEmail ?? '',
      },
    },
  );
  // The second step takes the focus to its heading, so that a screen reader starts with what is confirmed.
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (review) reviewHeading.current?.focus();
    else if (focusFirstField) document.getElementById(fields.name.id)?.focus();
  }, [review, focusFirstField, fields.name.id]);
  return (
    <AppForm form={form} csrfToken={csrf} validation={validation} honeypot className="cancel-form">
      {review ? (
        <section className="withdrawal-review" aria-labelledby="withdrawal-review-title">
          <h2 id="withdrawal-review-title" ref={reviewHeading} tabIndex={-1}>
            {t('withdrawal.review.title')}
          </h2>
          <p>{t('withdrawal.review.text', { contract: review.contractLabel })}</p>
          <dl className="summary-list">
            <div className="summary-list__row">
              <dt>{t('cancel.name')}</dt>
              <dd>{review.name}</dd>
            </div>
            <div className="summary-list__row">
              <dt>{t('cancel.identifier')}</dt>
              <dd>{review.identifier}</dd>
            </div>
            <div className="summary-list__row">
              <dt>{t('withdrawal.confirmation-email')}</dt>
              <dd>{review.confirmationEmail}</dd>
            </div>
          </dl>
          <input type="hidden" name={fields.name.name} value={review.name} />
          <input type="hidden" name={fields.identifier.name} value={review.identifier} />
          <input type="hidden" name={fields.confirmationEmail.name} value={review.confirmationEmail} />
          <div className="cancel-confirmation__actions">
            <button type="submit" name="intent" value="confirm" className="button">
              {t('withdrawal.confirm')}
            </button>
            <button type="submit" name="intent" value="edit" className="button button--secondary" formNoValidate>
              {t('withdrawal.edit')}
            </button>
          </div>
        </section>
      ) : (
        <>
          <TextField field={fields.name} label={t('cancel.name')} autoComplete="name" maxLength={200} required />
          <TextField
            field={fields.identifier}
            label={t('cancel.identifier')}
            hint={t('cancel.identifier.hint')}
            autoComplete="username"
            spellCheck={false}
            autoCapitalize="off"
            maxLength={254}
            required
          />
          <TextField
            field={fields.confirmationEmail}
            type="email"
            label={t('withdrawal.confirmation-email')}
            autoComplete="email"
            spellCheck={false}
            autoCapitalize="off"
            maxLength={254}
            required
          />
          <button type="submit" name="intent" value="review" className="button">
            {t('withdrawal.continue')}
          </button>
        </>
      )}
    </AppForm>
  );
}

/** The acknowledgement on the page: content and time of receipt, to print or save, nothing about a match. */
function WithdrawalConfirmation({ confirmation }: { confirmation: CancellationConfirmation }) {
  const t = useT();
  return (
    <section className="cancel-confirmation" aria-labelledby="withdrawal-confirmation-title">
      <h2 id="withdrawal-confirmation-title">{t('withdrawal.confirmation.title')}</h2>
      <p className="notice" role="status">
        {t('withdrawal.confirmation.status', { email: confirmation.confirmationEmail })}
      </p>
      <h3>{t('withdrawal.confirmation.content')}</h3>
      <ConfirmationRowList confirmation={confirmation} />
      <p>{t('withdrawal.confirmation.next')}</p>
      <p className="cancel-confirmation__keep">{t('cancel.confirmation.keep')}</p>
    </section>
  );
}

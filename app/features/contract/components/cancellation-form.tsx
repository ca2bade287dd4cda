import type { SubmissionResult } from '@conform-to/react';
import { useSyncExternalStore } from 'react';
import type { Brand } from '~/config/brand';
import { useBrand, useLocale, useT } from '~/i18n/hooks';
import { PageLink } from '~/ui/components/page-link';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { DateField, SelectField, TextareaField, TextField } from '~/ui/form/inputs';
import { ReauthenticationField } from '~/ui/form/reauthentication-field';
import { confirmationRows, type CancellationConfirmation } from '../confirmation';
import { cancellationKinds, contractSettings } from '../contract-settings';
import { RadioGroupField } from './radio-group-field';

export interface CancellationDefaults {
  name?: string;
  identifier?: string;
  confirmationEmail?: string;
}

/**
 * The one page of the cancellation button (§312k BGB;
 * docs/rules/contract-and-cancellation.md#cancellation-button): the kind of cancellation (a reason only for
 * an extraordinary one), name, email or customer number, the contract, the desired end date (empty: the
 * earliest possible) and the address for the confirmation. Used on the public page and, prefilled and with
 * the password confirmation, in the self-service area.
 */
export function CancellationForm({
  csrf,
  lastResult,
  brand,
  defaults,
  fixedCustomerNumber,
  reauthenticationNeeded = false,
  honeypot = false,
}: {
  csrf: string;
  lastResult: SubmissionResult<string[]> | undefined;
  brand: Brand;
  defaults: CancellationDefaults | null;
  /** Self-service: the declarant is the logged-in customer, shown by number and not editable. */
  fixedCustomerNumber?: string;
  reauthenticationNeeded?: boolean;
  honeypot?: boolean;
}) {
  const t = useT();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../cancellation-schema').then((module) => module.cancellationSchema),
    {
      lastResult,
      defaultValue: {
        kind: 'ordinary',
        contract: brand,
        name: defaults?.name ?? '',
        identifier: fixedCustomerNumber ?? defaults?.identifier ?? '',
        confirmationEmail: defaults?.confirmationEmail ?? '',
      },
    },
  );
  return (
    <AppForm form={form} csrfToken={csrf} validation={validation} honeypot={honeypot} className="cancel-form">
      <RadioGroupField
        field={fields.kind}
        legend={t('cancel.kind')}
        required
        options={cancellationKinds.map((kind) => ({ value: kind, label: t(`cancel.kind.${kind}`) }))}
      />
      {/* Hidden by the style sheet while "ordinary" is chosen, so it works without JavaScript too. */}
      <div className="cancel-form__reason">
        <TextareaField
          field={fields.reason}
          label={t('cancel.reason')}
          hint={t('cancel.reason.hint')}
          maxLength={contractSettings.reason.maxLength}
        />
      </div>
      <TextField field={fields.name} label={t('cancel.name')} autoComplete="name" maxLength={200} required />
      {fixedCustomerNumber ? (
        <p className="cancel-form__fixed">
          <input type="hidden" name={fields.identifier.name} value={fixedCustomerNumber} />
          <span className="field__label">{t('cancel.identifier.customer-number')}</span> {fixedCustomerNumber}
        </p>
      ) : (
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
      )}
      {/* The brand's one contract is chosen from the start and cannot be unselected: no `required`,
          which HTML allows on a select only when its first option is an empty placeholder. */}
      <SelectField
        field={fields.contract}
        label={t('cancel.contract')}
        options={[{ value: brand, label: t('cancel.contract.name') }]}
      />
      <DateField field={fields.endDate} label={t('cancel.end-date')} hint={t('cancel.end-date.hint')} />
      <TextField
        field={fields.confirmationEmail}
        type="email"
        label={t('cancel.confirmation-email')}
        autoComplete="email"
        spellCheck={false}
        autoCapitalize="off"
        maxLength={254}
        required
      />
      <ReauthenticationField field={fields.currentPassword} needed={reauthenticationNeeded} />
      <button type="submit" className="button">
        {t('cancel.submit')}
      </button>
    </AppForm>
  );
}

/** A declaration's content and time of receipt as label/value rows, as its mail lists them too. */
export function ConfirmationRowList({ confirmation }: { confirmation: CancellationConfirmation }) {
  const locale = useLocale();
  const brand = useBrand();
  return (
    <dl className="summary-list">
      {confirmationRows(confirmation, locale, brand).map((row) => (
        <div key={row.label} className="summary-list__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** True once React runs in the browser: the print button needs JavaScript. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
}

/**
 * The confirmation after a declaration: content, received time, reference and end date, to print or
 * save as PDF (the print style sheet leaves out everything else on the page).
 */
export function CancellationConfirmationView({
  confirmation,
  contractLink = false,
}: {
  confirmation: CancellationConfirmation;
  contractLink?: boolean;
}) {
  const t = useT();
  const hydrated = useHydrated();
  return (
    <section className="cancel-confirmation" aria-labelledby="cancel-confirmation-title">
      <h2 id="cancel-confirmation-title">{t('cancel.confirmation.title')}</h2>
      <p className="notice" role="status">
        {t('cancel.confirmation.status', { email: confirmation.confirmationEmail })}
      </p>
      {confirmation.adjusted ? <p className="notice">{t('cancel.confirmation.adjusted')}</p> : null}
      <h3>{t('cancel.confirmation.content')}</h3>
      <ConfirmationRowList confirmation={confirmation} />
      <p className="cancel-confirmation__keep">{t('cancel.confirmation.keep')}</p>
      <div className="cancel-confirmation__actions">
        {hydrated ? (
          <button type="button" className="button" onClick={() => window.print()}>
            {t('cancel.confirmation.print')}
          </button>
        ) : null}
        {contractLink ? (
          <PageLink page="contract" className="button button--secondary">
            {t('cancel.confirmation.to-contract')}
          </PageLink>
        ) : null}
      </div>
    </section>
  );
}

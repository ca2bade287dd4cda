import type { SubmissionResult } from '@conform-to/react';
import { Fragment, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { contentPagePath } from '~/features/content/public';
import type { AddressSuggestion } from '~/shared/geocoding/suggestions';
import { baseFeeText, tariffOfferText, TariffTermsList, type TariffTerms } from '~/features/tariffs/public';
import { useLocale, useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { AppLink } from '~/ui/components/app-link';
import { PageLink } from '~/ui/components/page-link';
import { AddressChoices, AddressField } from '~/ui/form/address-field';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { useLiveFormValue } from '~/ui/form/live-value';
import { CheckboxField, DateField, PasswordField, SelectField, TextField } from '~/ui/form/inputs';
import { PhoneField } from '~/ui/form/phone-field';
import { salutations } from '../salutations';
import { formatEuro } from '~/i18n/intl-formats';
import { LicenceFieldset } from '~/features/driving-licence/public';

export interface RegistrationPageProps {
  csrf: string;
  /** The brand's tariffs with every price and the term: the choice and the order summary name them. */
  tariffs: readonly (TariffTerms & { id: string })[];
  /** A well-formed action code from the address, and the start bonus of its campaign. */
  actionCode: string;
  startBonusCents: number;
  /** The tariff the campaign of the action code recommends; never preselected. */
  recommendedTariffId?: string;
  /** Car sharing: the issuing countries of the driving licence fieldset; null where the brand asks for none. */
  licenceCountries: readonly { value: string; label: string }[] | null;
  /** The tariff the form starts on. */
  tariffId: string | undefined;
  done: boolean;
  result: SubmissionResult<string[]> | undefined;
  /** Without JavaScript: the server's suggestions for a typed address, to pick one. */
  addressChoices?: readonly AddressSuggestion[];
  /**
   * At the station terminal nothing links out of the flow (docs/rules/bike-reports.md#station-terminal):
   * the terms, the privacy statement and the login are named, not linked.
   */
  atTerminal?: boolean;
}

/**
 * The registration page's content (routes/auth/register.tsx loads it with `deferredForm`; the
 * station terminal shows it too, routes/public/terminal-register.tsx).
 */
export function RegistrationPage({
  csrf,
  tariffs,
  actionCode,
  startBonusCents,
  recommendedTariffId,
  tariffId,
  licenceCountries,
  done,
  result,
  addressChoices = [],
  atTerminal = false,
}: RegistrationPageProps) {
  const t = useT();
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    // Typed as the car-sharing schema, the larger one; without a licence fieldset the form has no licence fields.
    () =>
      import('../registration-schema').then(
        (module) =>
          module.registrationSchemaFor(licenceCountries !== null) as typeof module.carSharingRegistrationSchema,
      ),
    {
      lastResult: result,
      defaultValue: { tariffId, actionCode, phone: { regionCode: 'DE' } },
    },
  );
  if (done || searchParams.has('done')) {
    // Registered: the page says so in its heading and title, and what comes next (confirm, then log in).
    return (
      <div className="narrow">
        <PageTitle page="register" title={t('register.done.title')} />
        <p className="notice" role="status">
          {t('register.done')}
        </p>
        <h2>{t('register.done.next')}</h2>
        <ol className="next-steps">
          <li>{t('register.done.step-mail')}</li>
          <li>{t('register.done.step-confirm')}</li>
          <li>
            {atTerminal ? (
              t('register.done.step-login')
            ) : (
              <PageLink page="login">{t('register.done.step-login')}</PageLink>
            )}
          </li>
        </ol>
      </div>
    );
  }
  // A required select starts with an empty placeholder option (HTML), so none of the tariffs is
  // taken as chosen just because it comes first. Each option names price and term: without JavaScript the
  // order summary points at the choice (docs/decisions/0059-paid-orders-summary-before-the-button.md).
  const tariffOptions = [
    { value: '', label: t('tariff.choose') },
    ...tariffs.map((tariff) => ({
      value: tariff.id,
      label: tariffOfferText(tariff, t, locale),
    })),
  ];
  const recommended = tariffs.find((tariff) => tariff.id === recommendedTariffId);
  const recommendation = recommended
    ? t('register.campaign-recommends', {
        code: actionCode,
        name: locale === 'de' ? recommended.nameDe : recommended.nameEn,
        fee: baseFeeText(recommended, t, locale),
        term: t(`term.${recommended.term}`),
      })
    : null;
  // The terms and the privacy statement open in a new tab, so that the form keeps what was typed; the
  // checkbox keeps the plain sentence as its name.
  const termsLabel = withLinks(
    t('field.accept-terms'),
    atTerminal
      ? { terms: t('field.accept-terms.terms'), privacy: t('field.accept-terms.privacy') }
      : {
          terms: (
            <AppLink to={contentPagePath('agb', locale)} target="_blank" rel="noopener">
              {t('field.accept-terms.terms')}
            </AppLink>
          ),
          privacy: (
            <PageLink page="privacy" target="_blank" rel="noopener">
              {t('field.accept-terms.privacy')}
            </PageLink>
          ),
        },
  );
  return (
    <div className="narrow">
      <PageTitle page="register">
        <p>{t('register.intro')}</p>
      </PageTitle>
      <AppForm form={form} csrfToken={csrf} validation={validation} honeypot>
        {actionCode ? (
          <p className="notice">
            <input type="hidden" name={fields.actionCode.name} value={actionCode} />
            {startBonusCents > 0
              ? t('register.action-code-bonus', { code: actionCode, amount: formatEuro(startBonusCents, locale) })
              : t('register.action-code', { code: actionCode })}
            {recommendation ? ` ${recommendation}` : null}
          </p>
        ) : null}
        <fieldset>
          <legend>{t('register.personal')}</legend>
          <SelectField
            field={fields.salutation}
            label={t('field.salutation')}
            required
            autoComplete="honorific-prefix"
            options={[
              { value: '', label: t('salutation.choose') },
              ...salutations.map((value) => ({ value, label: t(`salutation.${value}`) })),
            ]}
          />
          <TextField field={fields.firstName} label={t('field.first-name')} autoComplete="given-name" required />
          <TextField field={fields.lastName} label={t('field.last-name')} autoComplete="family-name" required />
          <DateField field={fields.birthDate} label={t('field.birth-date')} autoComplete="bday" required />
        </fieldset>
        <fieldset>
          <legend>{t('register.contact')}</legend>
          <PhoneField field={fields.phone} required />
          <AddressField field={fields.address} required />
          <AddressChoices choices={addressChoices} />
        </fieldset>
        {licenceCountries ? <LicenceFieldset field={fields.licence} countries={licenceCountries} /> : null}
        <fieldset>
          <legend>{t('register.account')}</legend>
          <TextField field={fields.email} type="email" label={t('field.email')} autoComplete="email" required />
          <PasswordField
            field={fields.password}
            label={t('field.password')}
            hint={t('password.hint')}
            autoComplete="new-password"
            required
          />
        </fieldset>
        <fieldset>
          <legend>{t('register.tariff')}</legend>
          <SelectField
            field={fields.tariffId}
            label={t('field.tariff')}
            hint={
              recommended
                ? t('register.campaign-hint', {
                    code: actionCode,
                    name: locale === 'de' ? recommended.nameDe : recommended.nameEn,
                  })
                : undefined
            }
            required
            options={tariffOptions}
          />
        </fieldset>
        <fieldset>
          <legend>{t('register.consents')}</legend>
          <CheckboxField field={fields.acceptTerms} label={termsLabel} required />
          <CheckboxField field={fields.newsletter} label={t('field.newsletter')} />
        </fieldset>
        {/* The order summary right before the button, which says that the order costs money
            (docs/rules/accounts.md#registration). */}
        <RegistrationOrderSummary formId={form.id} fieldName={fields.tariffId.name} tariffs={tariffs} />
        <button type="submit" className="button" aria-describedby={orderSummaryId}>
          {t('register.submit')}
        </button>
      </AppForm>
    </div>
  );
}

const orderSummaryId = 'order-summary';

/**
 * What the registration orders: the chosen tariff with its prices and term, read from the tariff choice as the
 * browser has it now. Without JavaScript (and until the form hydrates) the page cannot know the choice, so the
 * summary points at it, whose options name price and term, rather than name a tariff that may no longer be the
 * chosen one (docs/decisions/0059-paid-orders-summary-before-the-button.md).
 */
function RegistrationOrderSummary({
  formId,
  fieldName,
  tariffs,
}: {
  formId: string;
  fieldName: string;
  tariffs: RegistrationPageProps['tariffs'];
}) {
  const t = useT();
  const chosenId = useLiveFormValue(formId, fieldName);
  const chosen = chosenId === null ? undefined : tariffs.find((tariff) => tariff.id === chosenId);
  return (
    <section className="order-summary" aria-labelledby={`${orderSummaryId}-title`}>
      <h2 id={`${orderSummaryId}-title`}>{t('order.summary.title')}</h2>
      {chosen ? (
        <TariffTermsList tariff={chosen} id={orderSummaryId} />
      ) : (
        <p id={orderSummaryId}>
          {chosenId === null ? t('order.register.chosen-above') : t('order.register.none-chosen')}
        </p>
      )}
    </section>
  );
}

/** A translated sentence with `{name}` placeholders filled by elements (links, say). */
function withLinks(message: string, parts: Record<string, ReactNode>): ReactNode {
  return message
    .split(/\{(\w+)\}/)
    .map((piece, index) => (index % 2 === 1 ? <Fragment key={piece}>{parts[piece] ?? piece}</Fragment> : piece));
}

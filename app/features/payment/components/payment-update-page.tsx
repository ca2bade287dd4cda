import type { SubmissionResult } from '@conform-to/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigation } from 'react-router';
import {
  installEndCallback,
  loadVerificationWidget,
  sepaVerifyCompleteEvent,
  sepaVerifyEndCallback,
  verificationEndpoint,
  type WidgetResult,
} from '../bank-verification-client';
import { paymentKinds, type PaymentKind } from '../payment-kinds';
import { csrfFieldName } from '~/shared/security/form-fields';
import { useLocale, usePage, useT } from '~/i18n/hooks';
import { pageForView } from '~/i18n/route-table';
import { PageTitle } from '~/ui/components/page-header';
import { AppLink } from '~/ui/components/app-link';
import { PageLink } from '~/ui/components/page-link';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { CheckboxField, TextField } from '~/ui/form/inputs';
import { ReauthenticationField } from '~/ui/form/reauthentication-field';

/** The loader's data (features/payment/payment-update-page.server.ts). */
export interface PaymentUpdatePageData {
  csrf: string;
  kind: PaymentKind;
  current: string | null;
  needsPassword: boolean;
  mandate: { creditor: string; creditorId: string; reference: string | null };
  holder: string;
  checkout: { session: string; label: string } | null;
  checkoutProblem: 'payment.checkout.cancelled' | 'payment.checkout.invalid' | 'payment.provider.unavailable' | null;
}

/** The action's answer to one of the page's forms, named by its intent. */
export interface PaymentUpdateAnswer {
  intent: 'sepa' | 'checkout' | 'confirm';
  result: SubmissionResult<string[]>;
}

interface FormProps {
  data: PaymentUpdatePageData;
  answer: PaymentUpdateAnswer | undefined;
}

/**
 * Changing the payment method (docs/rules/credit-and-payment.md#payment-kinds): SEPA direct debit (default)
 * with the mandate and a bank verification, or card / PayPal through the payment provider's hosted page.
 * Needs the 15-minute re-authentication. Works without JavaScript (docs/decisions/0008).
 */
export function PaymentUpdatePage({ data, answer }: FormProps) {
  const t = useT();
  const page = usePage();
  const embedded = page?.embedded ?? false;
  const { kind, current, checkout, checkoutProblem } = data;
  return (
    <div className="narrow payment-update">
      <PageTitle page={page?.id ?? 'paymentUpdate'}>
        <p>{t('payment.update.intro')}</p>
        {current ? <p>{t('payment.update.current', { method: current })}</p> : null}
      </PageTitle>
      <KindChoice kind={kind} />
      {checkoutProblem ? (
        <p className="notice notice--error" role="alert">
          {t(checkoutProblem)}
        </p>
      ) : null}
      {kind === 'sepa' ? (
        <SepaForm data={data} answer={answer} />
      ) : checkout ? (
        <ConfirmCheckoutForm data={data} answer={answer} />
      ) : (
        <CheckoutForm kind={kind} data={data} answer={answer} />
      )}
      <p>
        <PageLink page={pageForView('payment', embedded)}>{t('payment.update.back')}</PageLink>
      </p>
    </div>
  );
}

/** The payment kinds as links: each is its own form, so the choice works without JavaScript. */
function KindChoice({ kind }: { kind: PaymentKind }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <nav className="kind-choice" aria-label={t('payment.update.kinds')}>
      <ul>
        {paymentKinds.map((option) => (
          <li key={option}>
            <AppLink
              to={`${pathname}?kind=${option}`}
              aria-current={option === kind ? 'page' : undefined}
              preventScrollReset
            >
              {t(`payment.kind.${option}`)}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SepaForm({ data, answer }: FormProps) {
  const t = useT();
  const locale = useLocale();
  const { csrf, needsPassword, mandate, holder } = data;
  const lastResult = answer?.intent === 'sepa' ? answer.result : undefined;
  const navigation = useNavigation();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../payment-schema').then((module) => module.sepaSchema),
    { id: 'sepa', lastResult, defaultValue: { accountHolder: holder } },
  );
  const [verifying, setVerifying] = useState(false);
  const tokenInput = useRef<HTMLInputElement>(null);
  const widgetBox = useRef<HTMLDivElement>(null);
  // Set just before the form continues from the widget's event, so the submit is not caught again.
  const continuing = useRef(false);

  // The widget's global end callback dispatches `sepa-verify-complete`; the form continues from it.
  useEffect(() => {
    installEndCallback();
    const onComplete = (event: Event) => {
      const result = (event as CustomEvent<WidgetResult>).detail;
      const element = document.getElementById(form.id);
      if (!(element instanceof HTMLFormElement) || !tokenInput.current) return;
      // Whatever the widget says, the server decides: it confirms the token, or (none: the widget
      // failed) verifies the account itself.
      tokenInput.current.value = result?.token ?? '';
      continuing.current = true;
      setVerifying(false);
      element.requestSubmit();
    };
    window.addEventListener(sepaVerifyCompleteEvent, onComplete);
    return () => window.removeEventListener(sepaVerifyCompleteEvent, onComplete);
  }, [form.id]);

  // Every answer of the server needs a new verification for the next try.
  useEffect(() => {
    if (tokenInput.current) tokenInput.current.value = '';
  }, [lastResult]);

  // A valid form without a verification token starts the widget instead of being sent. Without
  // JavaScript none of this runs: the form is sent as it is and the server verifies directly.
  function onSubmitCapture(event: FormEvent<HTMLDivElement>) {
    const element = event.target;
    if (!(element instanceof HTMLFormElement) || element.id !== form.id) return;
    // Conform validates fields by a submit with a hidden `__intent__` button: not the customer's submit.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.name === '__intent__') return;
    if (continuing.current || tokenInput.current?.value) {
      continuing.current = false;
      return;
    }
    // Before the validator is there, AppForm holds this submit and repeats it once it is: the repeat decides.
    if (!validation.settled()) return;
    const formData = new FormData(element);
    if (validation.onValidate({ formData }).status !== 'success') return;
    event.preventDefault();
    event.stopPropagation();
    setVerifying(true);
    loadVerificationWidget()
      .then((widget) =>
        widget.run({
          endpoint: verificationEndpoint,
          fields: {
            [csrfFieldName]: csrf,
            iban: String(formData.get('iban') ?? ''),
            accountHolder: String(formData.get('accountHolder') ?? ''),
          },
          container: widgetBox.current,
          locale,
          endCallback: sepaVerifyEndCallback,
        }),
      )
      .catch(() => {
        // The widget could not be loaded: the same end, without a token.
        window[sepaVerifyEndCallback]?.({ status: 'error', reason: 'unavailable' });
      });
  }

  const busy = verifying || navigation.formData?.get('intent') === 'sepa';
  return (
    <div onSubmitCapture={onSubmitCapture}>
      <AppForm form={form} csrfToken={csrf} validation={validation}>
        <input type="hidden" name="intent" value="sepa" />
        <input type="hidden" name="verificationToken" ref={tokenInput} defaultValue="" />
        <fieldset>
          <legend>{t('payment.sepa.legend')}</legend>
          <TextField
            field={fields.accountHolder}
            label={t('payment.field.account-holder')}
            autoComplete="name"
            maxLength={70}
            required
          />
          <TextField
            field={fields.iban}
            label={t('payment.field.iban')}
            hint={t('payment.iban.hint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={42}
            required
          />
          <TextField
            field={fields.bic}
            label={t('payment.field.bic')}
            hint={t('payment.bic.hint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={14}
          />
        </fieldset>
        <fieldset className="mandate">
          <legend>{t('payment.mandate.title')}</legend>
          <p>{t('payment.mandate.text', { creditor: mandate.creditor })}</p>
          <p>{t('payment.mandate.refund')}</p>
          <p>
            {t('payment.mandate.creditor-id', { id: mandate.creditorId })}
            {mandate.reference ? (
              <>
                <br />
                {t('payment.mandate.reference', { reference: mandate.reference })}
              </>
            ) : null}
          </p>
          <CheckboxField field={fields.consent} label={t('payment.consent')} required />
        </fieldset>
        <ReauthenticationField field={fields.currentPassword} needed={needsPassword} />
        <p className="field__hint">{t('payment.verification.hint')}</p>
        {/* The widget's own area: it writes its progress here, React renders nothing inside. */}
        <div
          ref={widgetBox}
          className="bank-widget"
          role="status"
          aria-live="polite"
          aria-label={t('payment.verification.label')}
          hidden={!verifying}
        />
        <button type="submit" className="button" disabled={busy}>
          {verifying ? t('payment.verification.running') : t('payment.sepa.submit')}
        </button>
      </AppForm>
    </div>
  );
}

function CheckoutForm({ kind, data, answer }: FormProps & { kind: Exclude<PaymentKind, 'sepa'> }) {
  const t = useT();
  const { csrf, needsPassword } = data;
  const busy = useNavigation().formData?.get('intent') === 'checkout';
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../payment-schema').then((module) => module.checkoutSchema),
    { id: `checkout-${kind}`, lastResult: answer?.intent === 'checkout' ? answer.result : undefined },
  );
  return (
    <AppForm form={form} csrfToken={csrf} validation={validation}>
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="kind" value={kind} />
      <p>{t(kind === 'card' ? 'payment.card.intro' : 'payment.paypal.intro')}</p>
      <ReauthenticationField field={fields.currentPassword} needed={needsPassword} />
      <button type="submit" className="button" disabled={busy}>
        {t(kind === 'card' ? 'payment.checkout.submit.card' : 'payment.checkout.submit.paypal')}
      </button>
    </AppForm>
  );
}

function ConfirmCheckoutForm({ data, answer }: FormProps) {
  const t = useT();
  const { csrf, needsPassword, checkout } = data;
  const busy = useNavigation().formData?.get('intent') === 'confirm';
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../payment-schema').then((module) => module.confirmCheckoutSchema),
    { id: 'confirm-checkout', lastResult: answer?.intent === 'confirm' ? answer.result : undefined },
  );
  if (!checkout) return null;
  return (
    <section aria-labelledby="confirm-checkout-title">
      <h2 id="confirm-checkout-title">{t('payment.checkout.confirm-title')}</h2>
      <AppForm form={form} csrfToken={csrf} validation={validation}>
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="session" value={checkout.session} />
        <p>{t('payment.checkout.confirm-text', { label: checkout.label })}</p>
        <ReauthenticationField field={fields.currentPassword} needed={needsPassword} />
        <button type="submit" className="button" disabled={busy}>
          {t('payment.checkout.confirm')}
        </button>
      </AppForm>
    </section>
  );
}

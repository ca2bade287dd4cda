import { useEffect, useRef, useState, type FormEvent } from 'react';
import { data, redirectDocument, useActionData, useLoaderData, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/payment-update';
import { pageContext } from '~/context';
import { confirmRecentAuthentication } from '~/features/accounts/reauthentication.server';
import { withCarriedQuery } from '~/shared/navigation/carry-query';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';
import {
  installEndCallback,
  loadVerificationWidget,
  sepaVerifyCompleteEvent,
  sepaVerifyEndCallback,
  verificationEndpoint,
  type WidgetResult,
} from '~/features/payment/bank-verification-client';
import {
  accountHolderSuggestion,
  activePaymentMethod,
  changeToHosted,
  changeToSepa,
  startHostedCheckout,
  upcomingMandateReference,
} from '~/features/payment/payment-methods.server';
import { isPaymentKind, paymentKinds, type PaymentKind } from '~/features/payment/payment-kinds';
import { checkoutSchema, confirmCheckoutSchema, sepaSchema } from '~/features/payment/payment-schema';
import { csrfFieldName } from '~/shared/security/form-fields';
import { csrfFor } from '~/shared/security/form-page.server';
import { customerScope } from '~/features/self-service/customer-scope.server';
import { useLocale, usePage, useT } from '~/i18n/hooks';
import { pageForView, pagePath } from '~/i18n/route-table';
import { BankVerificationUnavailableError, PaymentProviderUnavailableError } from '~/features/payment/outside-systems';
import { PageTitle } from '~/ui/components/page-header';
import { AppLink } from '~/ui/components/app-link';
import { PageLink } from '~/ui/components/page-link';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { CheckboxField, TextField } from '~/ui/form/inputs';
import { ReauthenticationField } from '~/ui/form/reauthentication-field';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

type CheckoutProblem = 'payment.checkout.cancelled' | 'payment.checkout.invalid' | 'payment.provider.unavailable';

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = customerScope(request, context);
  const { ctx, customerId } = scope;
  const url = new URL(request.url);
  const requested = url.searchParams.get('kind');
  const kind: PaymentKind = isPaymentKind(requested) ? requested : 'sepa';
  const deps = scope.ctx;

  // Back from the provider's hosted page: the server looks the session up itself.
  let checkout: { session: string; label: string } | null = null;
  let checkoutProblem: CheckoutProblem | null = null;
  const session = url.searchParams.get('session');
  if (session && kind !== 'sepa') {
    try {
      const outcome = await deps.paymentProvider.completeCheckout(session, customerId);
      if (outcome.status === 'completed' && outcome.kind === kind) checkout = { session, label: outcome.label };
      else checkoutProblem = outcome.status === 'cancelled' ? 'payment.checkout.cancelled' : 'payment.checkout.invalid';
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
      checkoutProblem = 'payment.provider.unavailable';
    }
  }

  const [current, reference, holder] = await Promise.all([
    activePaymentMethod(ctx.db, customerId),
    kind === 'sepa' ? upcomingMandateReference(ctx.db, customerId) : null,
    kind === 'sepa' ? accountHolderSuggestion(ctx.db, customerId) : '',
  ]);
  const csrf = csrfFor(request, context);
  return data(
    {
      csrf: csrf.token,
      kind,
      current: current?.display ?? null,
      needsPassword: !scope.recentlyAuthenticated,
      mandate: { creditor: ctx.brand.name, creditorId: deps.creditorId, reference },
      holder,
      checkout,
      checkoutProblem,
    },
    { headers: csrf.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = customerScope(request, context);
  const url = new URL(request.url);
  const embedded = context.get(pageContext).embeddedPage;
  const formData = await submittedForm(request, context);
  const intent = formData.get('intent');
  const deps = scope.ctx;
  const reauthenticate = (password: string | undefined) =>
    confirmRecentAuthentication(scope.ctx, scope.session, password, scope.clientIp);
  // Done: to the payment page of the same kind of view (an embedded page stays embedded).
  const done = () => redirectCarrying(request, `${pagePath(pageForView('payment', embedded), scope.locale)}?changed=1`);

  if (intent === 'sepa') {
    const submission = parseForm(formData, sepaSchema);
    const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
      ({
        intent,
        result: submission.reply({ ...options, hideFields: ['currentPassword', 'verificationToken'] }),
      }) as const;
    if (submission.status !== 'success') return reply();
    const reauth = await reauthenticate(submission.value.currentPassword);
    if (!reauth.ok) return reply({ fieldErrors: { currentPassword: [reauth.error] } });
    try {
      const outcome = await changeToSepa(deps, {
        customerId: scope.customerId,
        accountHolder: submission.value.accountHolder,
        iban: submission.value.iban,
        bic: submission.value.bic || undefined,
        verificationToken: submission.value.verificationToken,
        clientIp: scope.clientIp,
        locale: scope.locale,
      });
      if (!outcome.ok) {
        return outcome.field === 'form'
          ? reply({ formErrors: [outcome.message] })
          : reply({ fieldErrors: { [outcome.field]: [outcome.message] } });
      }
    } catch (error) {
      if (!(error instanceof BankVerificationUnavailableError)) throw error;
      scope.ctx.logger.warn({ err: error }, 'bank verification unavailable');
      return reply({ formErrors: ['payment.verification.unavailable'] });
    }
    return done();
  }

  if (intent === 'checkout') {
    const submission = parseForm(formData, checkoutSchema);
    const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
      ({ intent, result: submission.reply({ ...options, hideFields: ['currentPassword'] }) }) as const;
    if (submission.status !== 'success') return reply();
    const reauth = await reauthenticate(submission.value.currentPassword);
    if (!reauth.ok) return reply({ fieldErrors: { currentPassword: [reauth.error] } });
    const returnUrl = `${scope.ctx.config.publicUrl}${withCarriedQuery(
      `${url.pathname}?kind=${submission.value.kind}`,
      url.search,
    )}`;
    try {
      const target = await startHostedCheckout(deps, scope.customerId, {
        kind: submission.value.kind,
        returnUrl,
        locale: scope.locale,
      });
      // A full page load: the hosted page is the provider's (or the sandbox's plain page), not ours to render.
      return redirectDocument(target);
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
      scope.ctx.logger.warn({ err: error }, 'payment provider unavailable');
      return reply({ formErrors: ['payment.provider.unavailable'] });
    }
  }

  if (intent === 'confirm') {
    const submission = parseForm(formData, confirmCheckoutSchema);
    const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
      ({ intent, result: submission.reply({ ...options, hideFields: ['currentPassword'] }) }) as const;
    if (submission.status !== 'success') return reply({ formErrors: ['payment.checkout.invalid'] });
    const reauth = await reauthenticate(submission.value.currentPassword);
    if (!reauth.ok) return reply({ fieldErrors: { currentPassword: [reauth.error] } });
    try {
      const outcome = await changeToHosted(deps, {
        customerId: scope.customerId,
        session: submission.value.session,
        locale: scope.locale,
      });
      if (!outcome.ok) return reply({ formErrors: [outcome.message] });
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
      return reply({ formErrors: ['payment.provider.unavailable'] });
    }
    return done();
  }

  throw data({ message: 'unknown intent' }, { status: 400 });
}

/**
 * Changing the payment method (docs/rules/credit-and-payment.md#payment-kinds): SEPA direct debit (default)
 * with the mandate and a bank verification, or card / PayPal through the payment provider's hosted page.
 * Needs the 15-minute re-authentication. Works without JavaScript (docs/decisions/0008).
 */
export default function PaymentUpdate() {
  const t = useT();
  const page = usePage();
  const embedded = page?.embedded ?? false;
  const { kind, current, checkout, checkoutProblem } = useLoaderData<typeof loader>();
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
      {kind === 'sepa' ? <SepaForm /> : checkout ? <ConfirmCheckoutForm /> : <CheckoutForm kind={kind} />}
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

function SepaForm() {
  const t = useT();
  const locale = useLocale();
  const { csrf, needsPassword, mandate, holder } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === 'sepa' ? actionData.result : undefined;
  const navigation = useNavigation();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('~/features/payment/payment-schema').then((module) => module.sepaSchema),
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

function CheckoutForm({ kind }: { kind: Exclude<PaymentKind, 'sepa'> }) {
  const t = useT();
  const { csrf, needsPassword } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().formData?.get('intent') === 'checkout';
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('~/features/payment/payment-schema').then((module) => module.checkoutSchema),
    { id: `checkout-${kind}`, lastResult: actionData?.intent === 'checkout' ? actionData.result : undefined },
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

function ConfirmCheckoutForm() {
  const t = useT();
  const { csrf, needsPassword, checkout } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().formData?.get('intent') === 'confirm';
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('~/features/payment/payment-schema').then((module) => module.confirmCheckoutSchema),
    { id: 'confirm-checkout', lastResult: actionData?.intent === 'confirm' ? actionData.result : undefined },
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

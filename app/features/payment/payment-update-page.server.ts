import { data, redirectDocument } from 'react-router';
import { pageContext, type PageHandlerArgs } from '~/context';
import { confirmRecentAuthentication } from '~/features/accounts/public.server';
import { customerScope, type CustomerScope } from '~/features/self-service/public.server';
import { pageForView, pagePath } from '~/i18n/route-table';
import { withCarriedQuery } from '~/shared/navigation/carry-query';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { BankVerificationUnavailableError, PaymentProviderUnavailableError } from './outside-systems';
import { isPaymentKind, type PaymentKind } from './payment-kinds';
import {
  accountHolderSuggestion,
  activePaymentMethod,
  changeToHosted,
  changeToSepa,
  startHostedCheckout,
  upcomingMandateReference,
} from './payment-methods.server';
import { checkoutSchema, confirmCheckoutSchema, sepaSchema } from './payment-schema';

export type CheckoutProblem =
  'payment.checkout.cancelled' | 'payment.checkout.invalid' | 'payment.provider.unavailable';

/**
 * The payment method page (routes/self-service/payment-update.tsx): the chosen kind, the current method, the
 * SEPA mandate's data, and, back from the provider's hosted page, the checkout to confirm.
 */
export async function paymentUpdatePageLoader({ request, url, context }: PageHandlerArgs) {
  const scope = customerScope(url, context);
  const { ctx, customerId } = scope;
  const requested = url.searchParams.get('kind');
  const kind: PaymentKind = isPaymentKind(requested) ? requested : 'sepa';

  // Back from the provider's hosted page: the server looks the session up itself.
  let checkout: { session: string; label: string } | null = null;
  let checkoutProblem: CheckoutProblem | null = null;
  const session = url.searchParams.get('session');
  if (session && kind !== 'sepa') {
    try {
      const outcome = await ctx.paymentProvider.completeCheckout(session, customerId);
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
      mandate: { creditor: ctx.brand.name, creditorId: ctx.creditorId, reference },
      holder,
      checkout,
      checkoutProblem,
    },
    { headers: csrf.headers },
  );
}

/** The page's three forms, told apart by their `intent`: SEPA, the hosted checkout, and its confirmation. */
export async function paymentUpdatePageAction({ request, url, context }: PageHandlerArgs) {
  const scope = customerScope(url, context);
  const embedded = context.get(pageContext).embeddedPage;
  const formData = await submittedForm(request, context);
  const intent = formData.get('intent');
  // Done: to the payment page of the same kind of view (an embedded page stays embedded).
  const done = () => redirectCarrying(url, `${pagePath(pageForView('payment', embedded), scope.locale)}?changed=1`);

  if (intent === 'sepa') return changeToSepaAnswer(scope, formData, done);
  if (intent === 'checkout') return startCheckoutAnswer(scope, formData, url);
  if (intent === 'confirm') return confirmCheckoutAnswer(scope, formData, done);
  throw data({ message: 'unknown intent' }, { status: 400 });
}

function reauthenticate(scope: CustomerScope, password: string | undefined) {
  return confirmRecentAuthentication(scope.ctx, scope.session, password, scope.clientIp);
}

async function changeToSepaAnswer(scope: CustomerScope, formData: FormData, done: () => Response) {
  const submission = parseForm(formData, sepaSchema);
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
    ({
      intent: 'sepa',
      result: submission.reply({ ...options, hideFields: ['currentPassword', 'verificationToken'] }),
    }) as const;
  if (submission.status !== 'success') return reply();
  const reauth = await reauthenticate(scope, submission.value.currentPassword);
  if (!reauth.ok) return reply({ fieldErrors: { currentPassword: [reauth.error] } });
  try {
    const outcome = await changeToSepa(scope.ctx, {
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

async function startCheckoutAnswer(scope: CustomerScope, formData: FormData, url: URL) {
  const submission = parseForm(formData, checkoutSchema);
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
    ({ intent: 'checkout', result: submission.reply({ ...options, hideFields: ['currentPassword'] }) }) as const;
  if (submission.status !== 'success') return reply();
  const reauth = await reauthenticate(scope, submission.value.currentPassword);
  if (!reauth.ok) return reply({ fieldErrors: { currentPassword: [reauth.error] } });
  const returnUrl = `${scope.ctx.config.publicUrl}${withCarriedQuery(
    `${url.pathname}?kind=${submission.value.kind}`,
    url.search,
  )}`;
  try {
    const target = await startHostedCheckout(scope.ctx, scope.customerId, {
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

async function confirmCheckoutAnswer(scope: CustomerScope, formData: FormData, done: () => Response) {
  const submission = parseForm(formData, confirmCheckoutSchema);
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
    ({ intent: 'confirm', result: submission.reply({ ...options, hideFields: ['currentPassword'] }) }) as const;
  if (submission.status !== 'success') return reply({ formErrors: ['payment.checkout.invalid'] });
  const reauth = await reauthenticate(scope, submission.value.currentPassword);
  if (!reauth.ok) return reply({ fieldErrors: { currentPassword: [reauth.error] } });
  try {
    const outcome = await changeToHosted(scope.ctx, {
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

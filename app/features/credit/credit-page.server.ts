import type { PageHandlerArgs } from '~/context';
import { data } from 'react-router';
import { payment } from '~/config/payment';
import { activePaymentMethod } from '~/features/payment/public.server';
import { customerScope } from '~/features/self-service/public.server';
import { formatInstant } from '~/i18n/intl-formats';
import { translator } from '~/i18n/translate';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { topUpSchema, voucherSchema } from './credit-schema';
import { balanceCents, ledgerPage, voucherCredit } from './ledger.server';
import { topUp, topUpResult } from './top-up.server';
import { redeemVoucher } from './vouchers.server';

/**
 * The credit page (routes/self-service/credit.tsx, docs/rules/credit-and-payment.md#credit-page): the
 * balance, the ledger page asked for, the payment method top-ups are charged to, and after a redirect
 * the confirmation of a redeemed voucher or a top-up.
 */
export async function creditPageLoader({ request, url, context }: PageHandlerArgs) {
  const { customerId, ctx, locale } = customerScope(url, context);
  const requestedPage = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  const redeemedCode = url.searchParams.get('redeemed');
  const topUpId = url.searchParams.get('topUp');
  const [balance, ledger, method, redeemed, toppedUp] = await Promise.all([
    balanceCents(ctx.db, customerId),
    ledgerPage(ctx.db, customerId, requestedPage, payment.ledgerPageSize),
    activePaymentMethod(ctx.db, customerId),
    redeemedCode ? voucherCredit(ctx.db, customerId, redeemedCode) : null,
    topUpId ? topUpResult(ctx.db, customerId, topUpId) : null,
  ]);
  const csrf = csrfFor(request, context);
  return data(
    {
      csrf: csrf.token,
      balanceCents: balance,
      entries: ledger.entries.map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        amountCents: entry.amountCents,
        reference: entry.reference,
        date: formatInstant(entry.createdAt, locale),
      })),
      page: ledger.page,
      pageCount: ledger.pageCount,
      // Named in the summary before the top-up's button: the kind and the masked account or card.
      paymentMethod: method ? { kind: method.kind, display: method.display } : null,
      topUpAmounts: payment.topUpAmountsCents,
      // A fresh key per rendered form: the same form sent twice tops up once.
      idempotencyKey: crypto.randomUUID(),
      redeemed: redeemed && redeemedCode ? { code: redeemedCode, amountCents: redeemed.amountCents } : null,
      toppedUp,
    },
    { headers: csrf.headers },
  );
}

/** The page's two forms, told apart by their `intent`: a voucher to redeem or a top-up to charge. */
export async function creditPageAction({ request, url, context }: PageHandlerArgs) {
  const scope = customerScope(url, context);
  const formData = await submittedForm(request, context);
  const intent = formData.get('intent');

  if (intent === 'voucher') {
    const submission = parseForm(formData, voucherSchema);
    if (submission.status !== 'success') return { intent, result: submission.reply() } as const;
    const outcome = await redeemVoucher(scope.ctx, scope.customerId, submission.value.code, { ip: scope.clientIp });
    if (!outcome.ok) {
      const message =
        outcome.error === 'credit.voucher.wait'
          ? `${outcome.error}?minutes=${outcome.retryAfterMinutes}`
          : outcome.error;
      return { intent, result: submission.reply({ fieldErrors: { code: [message] } }) } as const;
    }
    // Post/redirect/get: reloading the page shows the confirmation again, it does not redeem again.
    throw redirectCarrying(url, `${url.pathname}?${new URLSearchParams({ redeemed: outcome.code })}`);
  }

  if (intent === 'top-up') {
    const submission = parseForm(formData, topUpSchema);
    if (submission.status !== 'success') return { intent, result: submission.reply() } as const;
    const outcome = await topUp(scope.ctx, {
      customerId: scope.customerId,
      amountCents: submission.value.amount,
      idempotencyKey: submission.value.idempotencyKey,
      statementText: translator(scope.locale, scope.ctx.brand.id)('credit.top-up.statement', {
        brand: scope.ctx.brand.name,
      }),
    });
    if (!outcome.ok) {
      // The provider did not answer: it may have charged. A retry must carry the same key, so that
      // the provider answers with that charge instead of making a second one.
      const retryKey = outcome.error === 'credit.top-up.unavailable' ? submission.value.idempotencyKey : undefined;
      return { intent, result: submission.reply({ formErrors: [outcome.error] }), retryKey } as const;
    }
    throw redirectCarrying(url, `${url.pathname}?${new URLSearchParams({ topUp: outcome.paymentId })}`);
  }

  throw data({ message: 'unknown intent' }, { status: 400 });
}

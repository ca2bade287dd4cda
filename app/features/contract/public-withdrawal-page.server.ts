import { data } from 'react-router';
import { answerTiming } from '~/config/answer-timing';
import { pageContext, requestContext, servicesContext, sessionContext, type PageHandlerArgs } from '~/context';
import { translator } from '~/i18n/translate';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';
import { honeypotFieldName } from '~/shared/security/form-fields';
import { csrfFor } from '~/shared/security/form-page.server';
import { withMinimumDuration } from '~/shared/security/minimum-duration';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { allowPublicCancellation, newReference } from './cancellation.server';
import { declareWithdrawal } from './contract-withdrawal.server';
import { declarantDefaults } from './contract.server';
import { confirmationFromQuery, declarationConfirmationQuery } from './declaration-confirmation.server';
import { withdrawalSchema } from './withdrawal-schema';

/**
 * The withdrawal function's page (routes/public/withdraw-contract.tsx,
 * docs/rules/contract-and-cancellation.md#withdrawal): no login needed, prefilled for a logged-in
 * customer. Step one identifies the contract, step two confirms; with a declaration's signed reference
 * in the query it is that declaration's confirmation.
 */
export async function publicWithdrawalPageLoader({ request, url, context }: PageHandlerArgs) {
  const { database, config } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const csrf = csrfFor(request, context);
  const customer = session ? await declarantDefaults(database.db, session.customerId) : null;
  const confirmation = await confirmationFromQuery(database.db, url.searchParams, config.sessionSecret);
  return data(
    {
      csrf: csrf.token,
      confirmation: confirmation?.kind === 'withdrawal' ? confirmation : null,
      defaults: customer
        ? { name: customer.name, identifier: customer.customerNumber, confirmationEmail: customer.email }
        : null,
    },
    { headers: csrf.headers },
  );
}

/**
 * A step of the form. The confirmed declaration is answered with the same page after at least the
 * same time, matched to an account or not.
 */
export async function publicWithdrawalPageAction({ request, url, context }: PageHandlerArgs) {
  const services = context.get(servicesContext);
  const formData = await submittedForm(request, context);
  const { locale } = context.get(pageContext);
  const submission = parseForm(formData, withdrawalSchema);
  if (submission.status !== 'success') return { result: submission.reply(), review: null, edited: null };
  const { value } = submission;
  const contractLabel = translator(locale, services.config.brand)('cancel.contract.name');
  const declaration = {
    name: value.name,
    identifier: value.identifier,
    contractLabel,
    confirmationEmail: value.confirmationEmail,
  };
  // Back to the fields, with what was typed in them.
  if (value.intent === 'edit') return { result: submission.reply(), review: null, edited: declaration };
  if (value.intent === 'review') return { result: submission.reply(), review: declaration, edited: null };

  // Post/redirect/get: the confirmation has its own address, so a reload sends nothing again.
  const confirmationPage = (reference: string) =>
    redirectCarrying(
      url,
      `${url.pathname}?${declarationConfirmationQuery(reference, services.config.sessionSecret)}`,
      303,
    );
  // A filled honeypot is a bot: sent on to a confirmation address as everyone is; nothing is stored or sent.
  if (formData.get(honeypotFieldName)) return confirmationPage(newReference());
  const { clientIp } = context.get(requestContext);
  // One budget for both public forms: declarations of either kind count against it.
  if (!(await allowPublicCancellation(services.rateLimits, clientIp))) {
    return { result: submission.reply({ formErrors: ['withdrawal.too-many'] }), review: declaration, edited: null };
  }
  const session = context.get(sessionContext);
  const confirmation = await withMinimumDuration(answerTiming.publicCancellationMs, () =>
    declareWithdrawal(services, declaration, { sessionCustomerId: session?.customerId ?? null, clientIp }, { locale }),
  );
  return confirmationPage(confirmation.reference);
}

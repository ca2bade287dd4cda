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
import { allowPublicCancellation, declareCancellation, newReference } from './cancellation.server';
import { cancellationSchema } from './cancellation-schema';
import { declarantDefaults } from './contract.server';
import { confirmationFromQuery, declarationConfirmationQuery } from './declaration-confirmation.server';
import type { Declaration } from './declaration';

/**
 * The cancellation button's page (routes/public/cancel-contract.tsx,
 * docs/rules/contract-and-cancellation.md#cancellation-button): no login needed; a logged-in customer
 * finds it prefilled. With a declaration's signed reference in the query it is
 * that declaration's confirmation, which survives a reload.
 */
export async function publicCancellationPageLoader({ request, url, context }: PageHandlerArgs) {
  const { database, config } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const csrf = csrfFor(request, context);
  const customer = session ? await declarantDefaults(database.db, session.customerId) : null;
  const confirmation = await confirmationFromQuery(database.db, url.searchParams, config.sessionSecret);
  return data(
    {
      csrf: csrf.token,
      brand: config.brand,
      confirmation,
      defaults: customer
        ? { name: customer.name, identifier: customer.customerNumber, confirmationEmail: customer.email }
        : null,
    },
    { headers: csrf.headers },
  );
}

/** A sent declaration: matched to an account or not, the answer is the same page after at least the same time. */
export async function publicCancellationPageAction({ request, url, context }: PageHandlerArgs) {
  const services = context.get(servicesContext);
  const formData = await submittedForm(request, context);
  const { locale } = context.get(pageContext);
  // Post/redirect/get: the confirmation has its own address, so a reload sends nothing again.
  const confirmationPage = (reference: string) =>
    redirectCarrying(
      url,
      `${url.pathname}?${declarationConfirmationQuery(reference, services.config.sessionSecret)}`,
      303,
    );
  const submission = parseForm(formData, cancellationSchema);
  if (submission.status !== 'success') return { result: submission.reply() };
  const { value } = submission;
  if (value.contract !== services.config.brand) {
    return { result: submission.reply({ fieldErrors: { contract: ['cancel.contract.required'] } }) };
  }
  const contractLabel = translator(locale, services.config.brand)('cancel.contract.name');
  const declaration: Declaration = {
    kind: value.kind,
    reason: value.reason,
    name: value.name,
    identifier: value.identifier,
    contractLabel,
    endDate: value.endDate,
    confirmationEmail: value.confirmationEmail,
  };
  // A filled honeypot is a bot: it is sent on to a confirmation address as everyone is, and nothing
  // is stored or sent.
  if (formData.get(honeypotFieldName)) return confirmationPage(newReference());
  const { clientIp } = context.get(requestContext);
  if (!(await allowPublicCancellation(services.rateLimits, clientIp))) {
    return { result: submission.reply({ formErrors: ['cancel.too-many'] }) };
  }
  const session = context.get(sessionContext);
  const outcome = await withMinimumDuration(answerTiming.publicCancellationMs, () =>
    declareCancellation(
      services,
      declaration,
      { kind: 'public', sessionCustomerId: session?.customerId ?? null, clientIp },
      { locale },
    ),
  );
  if (outcome.kind === 'invalid') return { result: submission.reply({ fieldErrors: { endDate: [outcome.message] } }) };
  return confirmationPage(outcome.confirmation.reference);
}

import { data } from 'react-router';
import type { Route } from './+types/cancel-contract';
import { requestContext, servicesContext, sessionContext } from '~/context';
import { withMinimumDuration } from '~/features/accounts/account-context';
import { allowPublicCancellation, declareCancellation, newReference } from '~/features/contract/cancellation.server';
import type { Declaration } from '~/features/contract/declaration';
import { cancellationSchema } from '~/features/contract/cancellation-schema';
import {
  confirmationFromQuery,
  declarationConfirmationQuery,
} from '~/features/contract/declaration-confirmation.server';
import { contractSettings } from '~/features/contract/contract-settings';
import { declarantDefaults } from '~/features/contract/contract.server';
import { honeypotFieldName } from '~/shared/security/form-fields';
import { csrfFor } from '~/shared/security/form-page.server';
import { findPage } from '~/i18n/route-table';
import { translator } from '~/i18n/translate';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';

export const meta = namedPageMeta;
// A form page (CSRF cookie) that a logged-in customer sees prefilled: never stored in a shared cache.
export const headers = privatePageHeaders;

/**
 * The cancellation button's page (docs/rules/contract-and-cancellation.md#cancellation-button): no login
 * needed; a logged-in customer finds it prefilled. With a declaration's signed reference in the query it is
 * that declaration's confirmation, which survives a reload.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, config } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const csrf = csrfFor(request, context);
  const customer = session ? await declarantDefaults(database.db, session.customerId) : null;
  const confirmation = await confirmationFromQuery(
    database.db,
    new URL(request.url).searchParams,
    config.sessionSecret,
  );
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

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const formData = await submittedForm(request, context);
  const url = new URL(request.url);
  const locale = findPage(url.pathname)?.locale ?? 'de';
  // Post/redirect/get: the confirmation has its own address, so a reload sends nothing again.
  const confirmationPage = (reference: string) =>
    redirectCarrying(
      request,
      `${url.pathname}?${declarationConfirmationQuery(reference, services.config.sessionSecret)}`,
      303,
    );
  const submission = parseForm(formData, cancellationSchema);
  if (submission.status !== 'success') return { result: submission.reply() };
  const { value } = submission;
  if (value.contract !== services.config.brand) {
    return { result: submission.reply({ fieldErrors: { contract: ['cancel.contract.required'] } }) };
  }
  const contractLabel = translator(locale)(`cancel.contract.${services.config.brand}`);
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
  // Matched or not, the answer is the same page after at least the same time.
  const outcome = await withMinimumDuration(contractSettings.publicAnswerMinimumMs, () =>
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

// The form and its messages come after the page's first load (docs/decisions/0016).
const PublicCancellationPage = deferredForm(() =>
  import('~/features/contract/components/cancellation-page').then((module) => module.PublicCancellationPage),
);

export default function CancelContract({ loaderData, actionData }: Route.ComponentProps) {
  return <PublicCancellationPage {...loaderData} result={actionData?.result} />;
}

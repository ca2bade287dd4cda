import { data } from 'react-router';
import type { Route } from './+types/contract-cancel';
import { servicesContext } from '~/context';
import { confirmRecentAuthentication } from '~/features/accounts/reauthentication.server';
import { declareCancellation } from '~/features/contract/cancellation.server';
import { cancellationSchema } from '~/features/contract/cancellation-schema';
import { declarantDefaults, loadContract } from '~/features/contract/contract.server';
import { customerScope } from '~/features/self-service/customer-scope.server';
import { csrfFor } from '~/shared/security/form-page.server';
import { translator } from '~/i18n/translate';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

/** The cancellation flow for the logged-in customer: the public form, prefilled, behind the 15-minute check. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const scope = customerScope(url, context);
  const csrf = csrfFor(request, context);
  const [contract, customer] = await Promise.all([
    loadContract(scope.ctx.db, scope.customerId),
    declarantDefaults(scope.ctx.db, scope.customerId),
  ]);
  return data(
    {
      csrf: csrf.token,
      brand: scope.ctx.config.brand,
      contract: contract && { state: contract.state, endDate: contract.endDate, earliest: contract.earliestEndDate },
      customer,
      reauthenticationNeeded: !scope.recentlyAuthenticated,
    },
    { headers: csrf.headers },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const scope = customerScope(url, context);
  const submission = parseForm(await submittedForm(request, context), cancellationSchema);
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) => ({
    result: submission.reply({ ...options, hideFields: ['currentPassword'] }),
    confirmation: null,
  });
  if (submission.status !== 'success') return reply();
  const { value } = submission;
  const { brand } = context.get(servicesContext).config;
  if (value.contract !== brand) return reply({ fieldErrors: { contract: ['cancel.contract.required'] } });
  const check = await confirmRecentAuthentication(scope.ctx, scope.session, value.currentPassword, scope.clientIp);
  if (!check.ok) return reply({ fieldErrors: { currentPassword: [check.error] } });
  const customer = await declarantDefaults(scope.ctx.db, scope.customerId);
  if (!customer) throw new Response('Not found', { status: 404 });
  const outcome = await declareCancellation(
    scope.ctx,
    {
      kind: value.kind,
      reason: value.reason,
      name: value.name,
      // The declarant is the logged-in customer, whatever the form says.
      identifier: customer.customerNumber,
      contractLabel: translator(scope.locale, brand)('cancel.contract.name'),
      endDate: value.endDate,
      confirmationEmail: value.confirmationEmail,
    },
    { kind: 'customer', customerId: scope.customerId },
    { locale: scope.locale },
  );
  if (outcome.kind === 'invalid') return reply({ fieldErrors: { endDate: [outcome.message] } });
  return { result: submission.reply({ resetForm: true }), confirmation: outcome.confirmation };
}

// The content, with its forms and their messages, comes after the page's first load (docs/decisions/0016).
const ContractCancelPage = deferredForm(() =>
  import('~/features/contract/components/contract-cancel-page').then((module) => module.ContractCancelPage),
);

export default function ContractCancel({ loaderData, actionData }: Route.ComponentProps) {
  return <ContractCancelPage {...loaderData} result={actionData?.result} confirmation={actionData?.confirmation} />;
}

import { data } from 'react-router';
import { useRootData } from '~/root';
import type { Route } from './+types/contract';
import { confirmRecentAuthentication } from '~/features/accounts/reauthentication.server';
import { withdrawCancellation } from '~/features/contract/cancellation.server';
import { loadContract } from '~/features/contract/contract.server';
import { withdrawSchema } from '~/features/contract/withdraw-schema';
import { customerScope } from '~/features/self-service/customer-scope.server';
import { csrfFor } from '~/shared/security/form-page.server';
import { pagePath } from '~/i18n/route-table';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const scope = customerScope(url, context);
  const csrf = csrfFor(request, context);
  const contract = await loadContract(scope.ctx.db, scope.customerId);
  return data(
    { csrf: csrf.token, contract, reauthenticationNeeded: !scope.recentlyAuthenticated },
    { headers: csrf.headers },
  );
}

/** Withdraws the pending cancellation (a cancellation change: needs the 15-minute check). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const scope = customerScope(url, context);
  const submission = parseForm(await submittedForm(request, context), withdrawSchema);
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
    submission.reply({ ...options, hideFields: ['currentPassword'] });
  if (submission.status !== 'success') return reply();
  const check = await confirmRecentAuthentication(
    scope.ctx,
    scope.session,
    submission.value.currentPassword,
    scope.clientIp,
  );
  if (!check.ok) return reply({ fieldErrors: { currentPassword: [check.error] } });
  const outcome = await withdrawCancellation(scope.ctx, scope.customerId, { locale: scope.locale });
  if (!outcome.ok) return reply({ formErrors: [outcome.error] });
  return redirectCarrying(url, `${pagePath('contract', scope.locale)}?withdrawn=1`);
}

// The content, with its forms and their messages, comes after the page's first load (docs/decisions/0016).
const ContractPage = deferredForm(() =>
  import('~/features/contract/components/contract-page').then((module) => module.ContractPage),
);

export default function Contract({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  if (!root) return null;
  return <ContractPage {...loaderData} lastResult={actionData} brand={root.brand} />;
}

import { data } from 'react-router';
import type { Route } from './+types/tariff-change';
import { loadContract } from '~/features/contract/contract.server';
import { requestTariffChange } from '~/features/contract/tariff-change.server';
import { tariffChangeSchema } from '~/features/contract/tariff-change-schema';
import { customerScope } from '~/features/self-service/customer-scope.server';
import { csrfFor } from '~/shared/security/form-page.server';
import { changeDirection } from '~/features/tariffs/tariff-comparison';
import { listTariffs } from '~/features/tariffs/tariffs.server';
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
  const [contract, tariffs] = await Promise.all([
    loadContract(scope.ctx.db, scope.customerId),
    listTariffs(scope.ctx.db, scope.ctx.config.brand),
  ]);
  // Each offer says when it would apply: an upgrade at once, a downgrade after the current term.
  const offers = contract
    ? tariffs
        .filter((tariff) => tariff.id !== contract.tariff.id)
        .map((tariff) => ({
          tariff,
          appliesFrom: changeDirection(contract.tariff, tariff) === 'upgrade' ? null : contract.downgradeDate,
        }))
    : [];
  return data({ csrf: csrf.token, contract, offers }, { headers: csrf.headers });
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const scope = customerScope(url, context);
  const submission = parseForm(await submittedForm(request, context), tariffChangeSchema);
  if (submission.status !== 'success') return submission.reply();
  const outcome = await requestTariffChange(scope.ctx, scope.customerId, submission.value.tariffId, {
    locale: scope.locale,
  });
  if (!outcome.ok) {
    return outcome.error === 'tariff.required'
      ? submission.reply({ fieldErrors: { tariffId: [outcome.error] } })
      : submission.reply({ formErrors: [outcome.error] });
  }
  return redirectCarrying(url, `${pagePath('tariff', scope.locale)}?changed=${outcome.kind}`);
}

// The content, with its forms and their messages, comes after the page's first load (docs/decisions/0016).
const TariffChangePage = deferredForm(() =>
  import('~/features/contract/components/tariff-change-page').then((module) => module.TariffChangePage),
);

export default function TariffChange({ loaderData, actionData }: Route.ComponentProps) {
  return <TariffChangePage {...loaderData} lastResult={actionData} />;
}

import { data } from 'react-router';
import type { Route } from './+types/tariff-change';
import { loadContract } from '~/features/contract/contract.server';
import { requestTariffChange, reviewTariffChange, tariffChangeOffers } from '~/features/contract/tariff-change.server';
import { tariffChangeConfirmationSchema, tariffChangeSchema } from '~/features/contract/tariff-change-schema';
import { customerScope } from '~/features/self-service/customer-scope.server';
import { csrfFor } from '~/shared/security/form-page.server';
import { listTariffs } from '~/features/tariffs/tariffs.server';
import { pagePath } from '~/i18n/route-table';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

/** The query value that names the chosen tariff: the page then shows the summary with the confirming button. */
const reviewParam = 'tariff';

/**
 * The tariff change in two steps (docs/rules/contract-and-cancellation.md#tariff-change): the choice, then at
 * `?tariff=<id>` the summary of the new tariff with the button that orders it, checked again on every load.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const scope = customerScope(url, context);
  const csrf = csrfFor(request, context);
  const chosen = url.searchParams.get(reviewParam);
  const [contract, tariffs, reviewed] = await Promise.all([
    loadContract(scope.ctx.db, scope.customerId),
    listTariffs(scope.ctx.db, scope.ctx.config.brand),
    chosen ? reviewTariffChange(scope.ctx, scope.customerId, chosen) : null,
  ]);
  // A summary that cannot be ordered (a tariff not offered, a change meanwhile impossible) falls back to the choice,
  // which says why when nothing can be ordered.
  const review = reviewed?.ok ? reviewed.review : null;
  return data(
    { csrf: csrf.token, contract, offers: tariffChangeOffers(contract, tariffs), review },
    { headers: csrf.headers },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const scope = customerScope(url, context);
  const form = await submittedForm(request, context);
  if (form.get('intent') === 'confirm') {
    const submission = parseForm(form, tariffChangeConfirmationSchema);
    if (submission.status !== 'success') {
      return { confirm: true, result: submission.reply({ formErrors: ['tariff-change.review-outdated'] }) };
    }
    const outcome = await requestTariffChange(scope.ctx, scope.customerId, submission.value.tariffId, {
      locale: scope.locale,
      reviewKey: submission.value.reviewKey,
    });
    // Anything else than what the summary showed orders nothing: the page shows the summary as it is now, or the
    // choice with the reason, and says so.
    if (!outcome.ok) return { confirm: true, result: submission.reply({ formErrors: [outcome.error] }) };
    return redirectCarrying(url, `${pagePath('tariff', scope.locale)}?changed=${outcome.kind}`);
  }
  const submission = parseForm(form, tariffChangeSchema);
  if (submission.status !== 'success') return { confirm: false, result: submission.reply() };
  const reviewed = await reviewTariffChange(scope.ctx, scope.customerId, submission.value.tariffId);
  if (!reviewed.ok) {
    const result =
      reviewed.error === 'tariff.required'
        ? submission.reply({ fieldErrors: { tariffId: [reviewed.error] } })
        : submission.reply({ formErrors: [reviewed.error] });
    return { confirm: false, result };
  }
  // Post/redirect/get: the summary is a page of its own, which a reload shows again and which orders nothing.
  const search = new URLSearchParams({ [reviewParam]: reviewed.review.to.id });
  return redirectCarrying(url, `${pagePath('tariffChange', scope.locale)}?${search}`);
}

// The content, with its forms and their messages, comes after the page's first load (docs/decisions/0016).
const TariffChangePage = deferredForm(() =>
  import('~/features/contract/components/tariff-change-page').then((module) => module.TariffChangePage),
);

export default function TariffChange({ loaderData, actionData }: Route.ComponentProps) {
  return <TariffChangePage {...loaderData} answer={actionData} />;
}

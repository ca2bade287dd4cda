import type { Route } from './+types/withdraw-contract';
import {
  publicWithdrawalPageAction,
  publicWithdrawalPageLoader,
} from '~/features/contract/public-withdrawal-page.server';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';

export const meta = namedPageMeta;
// A form page (CSRF cookie) that a logged-in customer sees prefilled: never stored in a shared cache.
export const headers = privatePageHeaders;

/**
 * The withdrawal function's page (docs/rules/contract-and-cancellation.md#withdrawal):
 * features/contract/public-withdrawal-page.server.ts.
 */
export function loader(args: Route.LoaderArgs) {
  return publicWithdrawalPageLoader(args);
}

export function action(args: Route.ActionArgs) {
  return publicWithdrawalPageAction(args);
}

// The form and its messages come after the page's first load (docs/decisions/0016).
const WithdrawalPage = deferredForm(() =>
  import('~/features/contract/components/withdrawal-page').then((module) => module.WithdrawalPage),
);

export default function WithdrawContract({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WithdrawalPage
      {...loaderData}
      result={actionData?.result}
      review={actionData?.review}
      edited={actionData?.edited}
    />
  );
}

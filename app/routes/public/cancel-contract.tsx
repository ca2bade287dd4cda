import type { Route } from './+types/cancel-contract';
import {
  publicCancellationPageAction,
  publicCancellationPageLoader,
} from '~/features/contract/public-cancellation-page.server';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';

export const meta = namedPageMeta;
// A form page (CSRF cookie) that a logged-in customer sees prefilled: never stored in a shared cache.
export const headers = privatePageHeaders;

/**
 * The cancellation button's page (docs/rules/contract-and-cancellation.md#cancellation-button):
 * features/contract/public-cancellation-page.server.ts.
 */
export function loader(args: Route.LoaderArgs) {
  return publicCancellationPageLoader(args);
}

export function action(args: Route.ActionArgs) {
  return publicCancellationPageAction(args);
}

// The form and its messages come after the page's first load (docs/decisions/0016).
const PublicCancellationPage = deferredForm(() =>
  import('~/features/contract/components/cancellation-page').then((module) => module.PublicCancellationPage),
);

export default function CancelContract({ loaderData, actionData }: Route.ComponentProps) {
  return <PublicCancellationPage {...loaderData} result={actionData?.result} />;
}

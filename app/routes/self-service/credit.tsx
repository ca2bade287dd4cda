import type { Route } from './+types/credit';
import { creditPageAction, creditPageLoader } from '~/features/credit/credit-page.server';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

/** The credit page (docs/rules/credit-and-payment.md#credit-page): features/credit/credit-page.server.ts. */
export function loader(args: Route.LoaderArgs) {
  return creditPageLoader(args);
}

export function action(args: Route.ActionArgs) {
  return creditPageAction(args);
}

// The content, with its forms and their messages, comes after the page's first load (docs/decisions/0016).
const CreditPage = deferredForm(() =>
  import('~/features/credit/components/credit-page').then((module) => module.CreditPage),
);

export default function Credit() {
  return <CreditPage />;
}

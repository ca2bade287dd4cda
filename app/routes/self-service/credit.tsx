import type { Route } from './+types/credit';
import { CreditPage } from '~/features/credit/components/credit-page';
import { creditPageAction, creditPageLoader } from '~/features/credit/credit-page.server';
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

export default function Credit() {
  return <CreditPage />;
}

import type { Route } from './+types/payment-update';
import { paymentUpdatePageAction, paymentUpdatePageLoader } from '~/features/payment/payment-update-page.server';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

/** Changing the payment method: features/payment/payment-update-page.server.ts. */
export function loader(args: Route.LoaderArgs) {
  return paymentUpdatePageLoader(args);
}

export function action(args: Route.ActionArgs) {
  return paymentUpdatePageAction(args);
}

// The content, with its forms and their messages, comes after the page's first load (docs/decisions/0016).
const PaymentUpdatePage = deferredForm(() =>
  import('~/features/payment/components/payment-update-page').then((module) => module.PaymentUpdatePage),
);

export default function PaymentUpdate({ loaderData, actionData }: Route.ComponentProps) {
  return <PaymentUpdatePage data={loaderData} answer={actionData} />;
}

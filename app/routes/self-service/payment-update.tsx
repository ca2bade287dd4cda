import type { Route } from './+types/payment-update';
import { PaymentUpdatePage } from '~/features/payment/components/payment-update-page';
import { paymentUpdatePageAction, paymentUpdatePageLoader } from '~/features/payment/payment-update-page.server';
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

export default function PaymentUpdate({ loaderData, actionData }: Route.ComponentProps) {
  return <PaymentUpdatePage data={loaderData} answer={actionData} />;
}

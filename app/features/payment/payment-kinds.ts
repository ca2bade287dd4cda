/**
 * The kinds of payment method (docs/rules/credit-and-payment.md#payment-kinds): SEPA direct debit is the
 * default. Apart from the schemas, so that the page can offer them without loading zod.
 */
export const paymentKinds = ['sepa', 'card', 'paypal'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

export function isPaymentKind(value: unknown): value is PaymentKind {
  return typeof value === 'string' && (paymentKinds as readonly string[]).includes(value);
}

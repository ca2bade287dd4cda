/**
 * A payment service provider (PSP): it collects card and PayPal details on its own hosted page, hands back
 * a token and a display label, and charges stored payment methods. Card numbers never reach our server or
 * database (docs/rules/credit-and-payment.md#card-and-paypal). The embedded default is a sandbox
 * (sandbox.server.ts); a real provider speaks the HTTP contract of http.server.ts.
 */
export type HostedKind = 'card' | 'paypal';

export interface CheckoutStart {
  kind: HostedKind;
  /** Our opaque id of the customer; the provider echoes it, so one customer's session cannot serve another. */
  customerReference: string;
  /** Absolute URL the hosted page sends the browser back to, with `session=<id>` appended. */
  returnUrl: string;
  locale: 'de' | 'en';
}

export type CheckoutOutcome =
  | { status: 'completed'; kind: HostedKind; token: string; label: string }
  | { status: 'cancelled' }
  /** Unknown, expired, altered, or started by another customer. */
  | { status: 'invalid' };

/** What a charge is drawn from: a hosted method's token, or a SEPA mandate. */
export type ChargeSource =
  | { kind: HostedKind; token: string }
  | {
      kind: 'sepa';
      iban: string;
      bic: string | null;
      accountHolder: string;
      mandateReference: string;
      mandateSignedAt: Date;
      creditorId: string;
    };

export interface ChargeRequest {
  source: ChargeSource;
  amountCents: number;
  /** Shown on the customer's statement. */
  description: string;
  customerReference: string;
  /** The same key never charges twice. */
  idempotencyKey: string;
}

export type ChargeOutcome =
  | { status: 'succeeded'; providerReference: string }
  | { status: 'failed'; providerReference: string | null; reason: 'declined' | 'invalid-method' };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'http';
  /** Creates a checkout session and returns where to send the browser (the provider's hosted page). */
  startCheckout(request: CheckoutStart): Promise<{ redirectUrl: string }>;
  /**
   * The server's own look at a session the browser came back with (`session` from the return URL):
   * never trusts what the browser says about the outcome.
   */
  completeCheckout(session: string, customerReference: string): Promise<CheckoutOutcome>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
}

/** The provider did not answer, or answered something we cannot read: try again later. */
export class PaymentProviderUnavailableError extends Error {
  override name = 'PaymentProviderUnavailableError';
}

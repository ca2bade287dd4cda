/**
 * Bank account verification for SEPA direct debit (docs/rules/credit-and-payment.md#bank-verification):
 * after the IBAN is entered a verification runs; the browser's widget reports its end through a global
 * callback that dispatches the window event `sepa-verify-complete`, and the form continues from there. The
 * browser only carries a token: the server asks the verifier itself (`confirm`) before it stores anything.
 * The embedded default is a deterministic sandbox (sandbox.server.ts); a real provider speaks the HTTP
 * contract of http.server.ts.
 */
export interface VerificationRequest {
  /** Electronic format, upper case, no spaces. */
  iban: string;
  accountHolder: string;
  /** Our opaque id of the customer: a token of one customer never verifies another's account. */
  customerReference: string;
}

export type VerificationOutcome =
  { status: 'verified'; reference: string } | { status: 'failed'; reason: 'account-not-verified' | 'token-invalid' };

export interface BankVerifier {
  readonly name: 'sandbox' | 'http';
  /** Runs a verification of the account; the token lets `confirm` look it up again. */
  start(request: VerificationRequest): Promise<{ token: string; status: 'verified' | 'failed' }>;
  /** The server's own answer for a token the browser handed back, for exactly this IBAN and customer. */
  confirm(token: string, expected: Omit<VerificationRequest, 'accountHolder'>): Promise<VerificationOutcome>;
}

/** The verifier did not answer, or answered something we cannot read: try again later. */
export class BankVerificationUnavailableError extends Error {
  override name = 'BankVerificationUnavailableError';
}

/** What the widget hands to the global end callback, and so the `sepa-verify-complete` event's detail. */
export interface WidgetResult {
  status: 'verified' | 'failed' | 'error';
  /** Present for verified and failed: the server confirms it on submit. */
  token?: string;
  /** For errors: `unavailable`, `rate-limited` or `invalid`. */
  reason?: string;
}

import type { LicenceRejectionReason } from '~/config/business';

/**
 * Driving licence verification for car sharing (docs/rules/accounts.md#driving-licence): a provider checks a
 * licence the customer entered and answers verified, rejected with a reason, or undecided (then the licence
 * waits for a staff member). The server asks it in the background, never while the customer waits. The
 * embedded default is a deterministic sandbox (sandbox.server.ts); a real provider gets an adapter of its own
 * next to it, picked in app/services.server.ts.
 */
export interface LicenceCheckRequest {
  /** Our id of the licence record: a provider's answer refers to exactly this entry. */
  reference: string;
  /** Upper case, no spaces. */
  number: string;
  /** ISO 3166-1 alpha-2. */
  issuingCountry: string;
  /** `yyyy-mm-dd`. */
  issuedOn: string;
  expiresOn: string | null;
  holder: { firstName: string; lastName: string; birthDate: string };
}

export type LicenceCheckOutcome =
  | { decision: 'verified'; reference: string }
  | { decision: 'rejected'; reason: LicenceRejectionReason; reference: string }
  /** The provider cannot decide: the licence stays pending for a staff member. */
  | { decision: 'undecided' };

export interface LicenceVerifier {
  readonly name: 'sandbox';
  check(request: LicenceCheckRequest): Promise<LicenceCheckOutcome>;
}

/** The verifier did not answer, or answered something we cannot read: ask again next run. */
export class LicenceVerificationUnavailableError extends Error {
  override name = 'LicenceVerificationUnavailableError';
}

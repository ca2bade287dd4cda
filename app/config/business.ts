/**
 * Business constants that are not operator data (those live in tables). One place, so a rule
 * change is one edit.
 */
export const business = {
  /** E-bike surcharge on every tariff, per started block. */
  eBikeSurchargeCents: 100,
  eBikeSurchargeBlockMinutes: 30,
  /**
   * Car sharing: a driving licence must have been issued at least this many full years before registration
   * or a correction (docs/rules/accounts.md#driving-licence).
   */
  minimumLicenceYears: 1,
  /** How often pending driving licences are handed to the verification provider. */
  licenceVerificationIntervalMs: 60 * 1000,
  /** Licences handed to the provider per run; the rest wait for the next run. */
  licenceVerificationBatch: 50,
} as const;

/** Why a driving licence may be rejected; the customer sees the reason translated (docs/rules/accounts.md#driving-licence). */
export const licenceRejectionReasons = [
  'number-unknown',
  'data-mismatch',
  'not-valid',
  'country-not-accepted',
  'other',
] as const;
export type LicenceRejectionReason = (typeof licenceRejectionReasons)[number];

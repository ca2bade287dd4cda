/**
 * Business constants that are not operator data (those live in tables). One place, so a rule
 * change is one edit.
 */
export const business = {
  /** E-bike surcharge on every tariff, per started block. */
  eBikeSurchargeCents: 100,
  eBikeSurchargeBlockMinutes: 30,
} as const;

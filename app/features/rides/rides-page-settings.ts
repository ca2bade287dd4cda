/**
 * The rides page's numbers, in one place (docs/rules/general.md#defaults-in-one-place,
 * docs/rules/rides-and-charges.md#rides-page).
 */
export const ridesPageSettings = {
  /** Rides per page, like the credit page's ledger. */
  pageSize: 20,
  /** The CSV download holds at most this many rides, newest first, so that a download stays small. */
  csvMaxRows: 10_000,
} as const;

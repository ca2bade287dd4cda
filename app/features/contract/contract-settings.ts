/**
 * The contract feature's constants, in one place (docs/rules/general.md#defaults-in-one-place). The terms
 * of the tariffs themselves (`term`, `firstTermMonths`) are operator data in the `tariffs` table.
 */
export const contractSettings = {
  /**
   * Notice of an annual tariff after its first term (§309 no. 9 BGB: at most one month;
   * docs/rules/contract-and-cancellation.md#notice-period).
   */
  annualNoticeMonths: 1,
  /** Public cancellation declarations per IP address and hour (against scripted abuse of a form without login). */
  publicCancellationsPerIpPerHour: 10,
  /**
   * An identical declaration from the same sender within this time is a repeat (a reload, a double
   * click, back and send again) and answers with the first one: no second row, no second mail.
   */
  repeatWindowMs: 10 * 60 * 1000,
  /**
   * How long the confirmation page's address shows the declaration (name, email, reason): long
   * enough to reload and print it, short enough that a shared browser's history does not keep it.
   */
  confirmationPageMaxAgeMs: 24 * 60 * 60 * 1000,
  reason: { maxLength: 2000 },
  /** A withdrawn contract's positive credit is paid out within this many days (§357(1) BGB; docs/rules/contract-and-cancellation.md#withdrawal). */
  payoutWithinDays: 14,
} as const;

/** The kinds of cancellation the form offers (an extraordinary one needs a reason). */
export const cancellationKinds = ['ordinary', 'extraordinary'] as const;

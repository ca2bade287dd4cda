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
  /** No licence for a car is issued before this age anywhere in the EU (17: accompanied driving in Germany). */
  licenceHolderMinimumAge: 17,
  /** EU licences are valid at most 15 years (Directive 2006/126/EC): a later expiry date is a typing error. */
  licenceMaxValidityYears: 15,
  /** Corrections one customer may send within 24 hours; each one goes to the verification provider. */
  licenceCorrectionsPerDay: 3,
  /** How often pending driving licences are handed to the verification provider. */
  licenceVerificationIntervalMs: 60 * 1000,
  /** Licences handed to the provider per run; the rest wait for the next run. */
  licenceVerificationBatch: 50,
  /** The service back office's money rules (docs/rules/back-office.md#money). */
  backOffice: {
    /**
     * The four-eyes amounts: defaults only. An admin changes them at runtime on the settings page
     * (docs/rules/back-office.md#settings); the money operations read the effective values from the
     * database (features/back-office-settings), which falls back to these while a value is unset.
     */
    fourEyesDefaults: {
      /**
       * Goodwill credits and refunds above this need a second staff member's approval (four eyes), and
       * so does a request whose sum with the customer's pending and booked requests of
       * `rollingTotalHours` exceeds it, so that an amount split into pieces does not pass four eyes.
       */
      moneyRequestAboveCents: 5000,
      /** A voucher batch whose total value (count × value) is above this waits for a second staff member. */
      voucherBatchAboveCents: 5000,
      /**
       * What one staff member may book without a second person within `rollingTotalHours`, over all
       * customers and voucher batches together: beyond it every credit, refund and batch waits for
       * approval, so that many pieces below the thresholds (for several customers, or as many small
       * batches) do not pass four eyes either.
       */
      selfApprovedPerStaffCents: 20_000,
    },
    /** The largest value an admin may give a four-eyes amount: 10,000.00 €. */
    fourEyesMaxCents: 1_000_000,
    /** The window of the rolling total per customer and of the budget per staff member. */
    rollingTotalHours: 24,
    /** The largest goodwill credit or refund one request may book. */
    maxMoneyRequestCents: 100_000,
    reasonMaxLength: 500,
    /**
     * The reference of the transfer that paid out a payout, as finance staff record it
     * (docs/rules/back-office.md#case-queues): as long as a SEPA transfer's remittance information.
     */
    transferReferenceMaxLength: 140,
    voucherBatch: {
      maxCount: 10_000,
      maxValueCents: 10_000,
      /** Expiry at most this many years ahead. */
      maxYearsAhead: 3,
    },
    /** Cases or requests per page of a back-office list. */
    pageSize: 50,
    maxPageSize: 200,
    noteMaxLength: 4000,
    /**
     * Invoices and bookings of a deleted account are kept this long, restricted: 8 years under §147(3) AO and §14b
     * UStG since 2025 (docs/rules/back-office.md#case-queues). The deletion mail states it from here.
     */
    retentionYears: 8,
  },
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

import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { licenceRejectionReasons } from '~/config/business';

/** Customer numbers: readable, never reused. */
export const customerNumbers = pgSequence('customer_number_seq', { startWith: 100001 });

/**
 * Amounts are integer euro cents, instants UTC timestamps (docs/rules/general.md#amounts-and-times). Tariff
 * prices are operator data: seeded as examples, changed in the table, never in code.
 */
export const tariffs = pgTable('tariffs', {
  id: text('id').primaryKey(),
  brand: text('brand', { enum: ['cab', 'flinkster'] }).notNull(),
  nameDe: text('name_de').notNull(),
  nameEn: text('name_en').notNull(),
  baseFeeCents: integer('base_fee_cents').notNull(),
  baseFeePeriod: text('base_fee_period', { enum: ['none', 'month', 'year'] }).notNull(),
  /** Price per started block of `rideBlockMinutes`; 0 for tariffs billed by vehicle class. */
  ridePriceCents: integer('ride_price_cents').notNull().default(0),
  rideBlockMinutes: integer('ride_block_minutes').notNull().default(30),
  /** Free minutes at the start of every ride (not for e-bikes). */
  freeMinutes: integer('free_minutes').notNull().default(0),
  dailyCapCents: integer('daily_cap_cents'),
  term: text('term', { enum: ['none', 'monthly', 'annual'] }).notNull(),
  /** Months of the first term (annual tariffs). */
  firstTermMonths: integer('first_term_months').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Car classes of the car-sharing brand, each with its own prices. */
export const vehicleClasses = pgTable('vehicle_classes', {
  id: text('id').primaryKey(),
  brand: text('brand', { enum: ['cab', 'flinkster'] }).notNull(),
  nameDe: text('name_de').notNull(),
  nameEn: text('name_en').notNull(),
  hourCents: integer('hour_cents').notNull(),
  kmCents: integer('km_cents').notNull(),
  dailyCapCents: integer('daily_cap_cents').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Server-declared redirects, editable as data; an absolute target leaves the app. */
export const redirects = pgTable('redirects', {
  source: text('source').primaryKey(),
  target: text('target').notNull(),
  permanent: boolean('permanent').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer account. Email is stored lower-cased; customer numbers come from a sequence. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerNumber: text('customer_number').notNull().unique(),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    salutation: text('salutation', { enum: ['ms', 'mr', 'diverse', 'none'] }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Calendar date in Europe/Berlin, `yyyy-mm-dd`. */
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    phoneE164: text('phone_e164').notNull(),
    addressText: text('address_text').notNull(),
    addressLat: doublePrecision('address_lat').notNull(),
    addressLon: doublePrecision('address_lon').notNull(),
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    actionCode: text('action_code'),
    newsletter: boolean('newsletter').notNull().default(false),
    termsVersion: text('terms_version').notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    privacyVersion: text('privacy_version').notNull(),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
    /** Set when the customer asked for the account to be deleted; operators carry it out. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /**
     * Set when the deletion was carried out: the personal fields above are erased, what the law makes
     * the provider keep is in `retained_customer_records` (docs/rules/back-office.md#case-queues).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customers_email_unique').on(table.email),
    // The case queue's view of deletion requests (features/casework).
    index('customers_deletion_requested_idx')
      .on(table.deletionRequestedAt)
      .where(sql`${table.deletionRequestedAt} is not null`),
  ],
);

/** One contract per customer, created at registration with the chosen tariff. */
export const contracts = pgTable('contracts', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id')
    .notNull()
    .unique()
    .references(() => customers.id, { onDelete: 'cascade' }),
  tariffId: text('tariff_id')
    .notNull()
    .references(() => tariffs.id),
  /** `withdrawn`: ended at once by a withdrawal within its period (docs/rules/contract-and-cancellation.md#withdrawal). */
  state: text('state', { enum: ['active', 'cancellation_requested', 'ended', 'withdrawn'] })
    .notNull()
    .default('active'),
  /** Calendar date in Europe/Berlin. */
  startDate: date('start_date', { mode: 'string' }).notNull(),
  /** The day the current tariff took effect: an annual tariff's first term counts from here. */
  tariffSince: date('tariff_since', { mode: 'string' }).notNull(),
  /** Last day of the contract once a cancellation is requested (Europe/Berlin). */
  endDate: date('end_date', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A tariff change: an upgrade applies at once, a downgrade waits (`pending`) until its effective date
 * and can be withdrawn until then. The rows are the contract's tariff history.
 */
export const tariffChanges = pgTable(
  'tariff_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    fromTariffId: text('from_tariff_id')
      .notNull()
      .references(() => tariffs.id),
    toTariffId: text('to_tariff_id')
      .notNull()
      .references(() => tariffs.id),
    state: text('state', { enum: ['pending', 'applied', 'withdrawn'] }).notNull(),
    /** Calendar date in Europe/Berlin on which the new tariff applies. */
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('tariff_changes_one_pending')
      .on(table.contractId)
      .where(sql`${table.state} = 'pending'`),
  ],
);

/**
 * Cancellation declarations (docs/rules/contract-and-cancellation.md#cancellation-declarations), stored
 * with their received time whether or not they match an account; a matched one points at its contract.
 */
export const cancellations = pgTable(
  'cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Readable reference shown on the confirmation and in the mail. */
    reference: text('reference').notNull().unique(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** `withdrawal`: a declaration of the withdrawal function (docs/rules/contract-and-cancellation.md#withdrawal). */
    kind: text('kind', { enum: ['ordinary', 'extraordinary', 'withdrawal'] }).notNull(),
    reason: text('reason'),
    name: text('name').notNull(),
    /** The email or customer number as the declarant typed it. */
    identifier: text('identifier').notNull(),
    /** Which contract the declarant named, as typed or chosen. */
    contractLabel: text('contract_label').notNull(),
    /** The end date the declarant asked for; null means the earliest possible. */
    requestedEndDate: date('requested_end_date', { mode: 'string' }),
    /** The end date that applies (Europe/Berlin); null when no contract matched. */
    effectiveEndDate: date('effective_end_date', { mode: 'string' }),
    /** The requested end date was too early and the earliest possible one applies instead. */
    endDateAdjusted: boolean('end_date_adjusted').notNull().default(false),
    confirmationEmail: text('confirmation_email').notNull(),
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /**
     * What a matched withdrawal did: ended the contract (`withdrawal`), or, received after the withdrawal
     * period, cancelled it (`cancellation`). Null for cancellations and for unmatched declarations.
     */
    appliedAs: text('applied_as', { enum: ['withdrawal', 'cancellation'] }),
    /**
     * Hash of the declaration's content and who sent it, while a repeat of it counts as the same
     * declaration (cleared afterwards). Unique, so two identical submissions at once store one row.
     */
    submissionFingerprint: text('submission_fingerprint').unique(),
  },
  (table) => [
    index('cancellations_customer_idx').on(table.customerId),
    index('cancellations_received_idx').on(table.receivedAt),
  ],
);

/**
 * The credit balance is the sum of this append-only ledger
 * (docs/rules/credit-and-payment.md#credit-ledger): amounts in signed cents, positive for credit, negative
 * for charges. Rows are never updated or deleted.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['top_up', 'voucher', 'ride_charge', 'refund', 'start_bonus', 'goodwill', 'base_fee', 'payout'],
    }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** What the customer sees: voucher code, payment reference, ride number. */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('credit_ledger_customer_idx').on(table.customerId, table.createdAt)],
);

/**
 * The base fee a contract was charged for one period of its tariff: the ledger entry and the days it
 * pays for, so that a withdrawal refunds the days after it pro rata
 * (docs/rules/contract-and-cancellation.md#withdrawal). One charge per contract and period start.
 */
export const baseFeeCharges = pgTable(
  'base_fee_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    ledgerEntryId: uuid('ledger_entry_id')
      .notNull()
      .unique()
      .references(() => creditLedger.id, { onDelete: 'cascade' }),
    /** First and last day the fee pays for (Europe/Berlin), both included. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** What was charged, positive cents (the ledger entry holds it negative). */
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('base_fee_charges_contract_period_idx').on(table.contractId, table.periodStart)],
);

/**
 * Credit paid out to a customer's payment method (docs/rules/contract-and-cancellation.md#withdrawal):
 * booked in the ledger (kind `payout`) when it is decided, then carried out by finance staff by
 * `due_by`, which the back office's payout case tracks.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    ledgerEntryId: uuid('ledger_entry_id')
      .notNull()
      .unique()
      .references(() => creditLedger.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** Why: the reference of the withdrawal it follows. */
    reference: text('reference').notNull(),
    /** The payment method it goes to, as the customer knows it (kind and last four), when it was decided. */
    methodLabel: text('method_label'),
    /** Last day by which it must be paid out (Europe/Berlin). */
    dueBy: date('due_by', { mode: 'string' }).notNull(),
    state: text('state', { enum: ['due', 'paid'] })
      .notNull()
      .default('due'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payouts_created_idx').on(table.createdAt), index('payouts_customer_idx').on(table.customerId)],
);

/**
 * Ended trips as the fleet system sends them (docs/rules/rides-and-charges.md#trips-in; field names after
 * the Mobility Data Specification 2.0 `trips`), one row per `trip_id`, rated when the customer is known.
 * A trip sent again with other times or distance is a correction: the row takes the new values, its
 * `revision` counts up, and what its charge changed is booked as a difference (`charged_cents` is what
 * the ledger holds for it). Trips of an unknown customer number are kept for staff (`customer_id` null).
 */
export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The fleet system's id (MDS `trip_id`). */
    tripId: uuid('trip_id').notNull().unique(),
    customerNumber: text('customer_number').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    vehicleType: text('vehicle_type', { enum: ['bicycle', 'car'] }).notNull(),
    propulsionTypes: jsonb('propulsion_types').$type<string[]>().notNull(),
    /** Cars only: `mini`, `kompakt`, `transporter` (the `vehicle_classes` of the brand). */
    vehicleClass: text('vehicle_class'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    startLocation: jsonb('start_location').$type<{ lat: number; lng: number }>(),
    endLocation: jsonb('end_location').$type<{ lat: number; lng: number }>(),
    distanceMeters: integer('distance_meters'),
    /** The tariff in force when the ride started (bikes), or null for cars and unknown customers. */
    tariffId: text('tariff_id').references(() => tariffs.id),
    /** The rated price and how it was made (app/features/rides/rating.ts); null until rated. */
    priceCents: integer('price_cents'),
    breakdown: jsonb('breakdown'),
    /** What the ledger holds for this trip (its charge and the differences of its corrections). */
    chargedCents: integer('charged_cents').notNull().default(0),
    revision: integer('revision').notNull().default(1),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('trips_customer_start_idx').on(table.customerId, table.startTime),
    // Trips of unknown customers, for the back office's queue.
    index('trips_unknown_received_idx')
      .on(table.receivedAt)
      .where(sql`${table.customerId} is null`),
  ],
);

/** Voucher codes, stored normalised (upper case, `ABCD-EFGH-JKLM`), single use. */
export const vouchers = pgTable('vouchers', {
  code: text('code').primaryKey(),
  valueCents: integer('value_cents').notNull(),
  /** Last day the code can be redeemed (Europe/Berlin). */
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  redeemedBy: uuid('redeemed_by').references(() => customers.id, { onDelete: 'set null' }),
  /** The batch the service back office created the code in; null for codes made otherwise. */
  batchId: uuid('batch_id').references(() => voucherBatches.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Voucher codes created together by staff (docs/rules/back-office.md#money). */
export const voucherBatches = pgTable('voucher_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  count: integer('count').notNull(),
  valueCents: integer('value_cents').notNull(),
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  createdByStaffId: text('created_by_staff_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * A batch worth more than the four-eyes amount for batches (`back_office_settings`) in total waits
   * for a second staff member (docs/rules/back-office.md#money): its codes cannot be redeemed or
   * exported before it is approved, and never once it is rejected.
   */
  state: text('state', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('approved'),
  decidedByStaffId: text('decided_by_staff_id'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  rejectionReason: text('rejection_reason'),
  /** The creating form's one-time token: a second submit of the same form creates nothing. */
  formToken: text('form_token').unique(),
});

/**
 * Payment methods with history: one active per customer, replaced ones keep `replacedAt`. SEPA keeps
 * the IBAN for debits (never sent back to a browser beyond its last four digits); card and PayPal keep
 * only the payment provider's token and a display label.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['sepa', 'card', 'paypal'] }).notNull(),
    active: boolean('active').notNull().default(true),
    accountHolder: text('account_holder'),
    iban: text('iban'),
    bic: text('bic'),
    mandateReference: text('mandate_reference').unique(),
    mandateAcceptedAt: timestamp('mandate_accepted_at', { withTimezone: true }),
    mandateIp: text('mandate_ip'),
    /** The bank verification's reference for a SEPA account. */
    verificationReference: text('verification_reference'),
    providerToken: text('provider_token'),
    /** What the customer sees for card and PayPal, e.g. "Visa •••• 4242". */
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payment_methods_one_active')
      .on(table.customerId)
      .where(sql`${table.active}`),
  ],
);

/** Charges to a payment method (credit top-ups), recorded before the ledger is credited. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    paymentMethodId: uuid('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payments_customer_idx').on(table.customerId)],
);

/**
 * The delivery state both outboxes share (app/shared/outbox): pending until `sent_at` or
 * `failed_at` is set; a worker that claims a row owns it until `claimed_until`.
 */
const deliveryColumns = {
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** Set after the last attempt failed (or the message grew too old): an operator may retry it. */
  failedAt: timestamp('failed_at', { withTimezone: true }),
  lastError: text('last_error'),
};

/** Codes sent by SMS to confirm a new phone number: hash only, 10 minutes, 5 tries. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    phoneE164: text('phone_e164').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('phone_verifications_customer_idx').on(table.customerId)],
);

/**
 * SMS waiting to go out, like the mail outbox; without an SMS gateway they stay here to be read. The
 * text of a sent or failed message is scrubbed at once (it holds a confirmation code).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...deliveryColumns,
  },
  (table) => [
    index('sms_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index('sms_outbox_failed_idx')
      .on(table.failedAt)
      .where(sql`${table.failedAt} is not null`),
  ],
);

/**
 * Server-side sessions. The cookie holds a random token; only its SHA-256 is stored, so a leaked
 * table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last login or password confirmation: sensitive changes need it within 15 minutes. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [index('sessions_customer_idx').on(table.customerId)],
);

/** Single-use links sent by mail (email verification, password reset); only hashes are stored. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password', 'change-email'] }).notNull(),
    /** What the link confirms beyond the customer, e.g. the new address of an email change. */
    payload: text('payload'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_tokens_customer_idx').on(table.customerId, table.purpose)],
);

/**
 * Mails waiting to go out. Written in the same transaction as the change that causes them; a
 * worker sends them and marks them sent, so nothing is lost while the SMTP server is down. The
 * body of a sent mail is scrubbed at once (it may hold a link that signs in or resets a password);
 * recipient, subject and times stay until the retention job deletes the row.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...deliveryColumns,
  },
  (table) => [
    index('outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index('outbox_failed_idx')
      .on(table.failedAt)
      .where(sql`${table.failedAt} is not null`),
  ],
);

/**
 * Background jobs that must run once per period across all instances (the retention job): an
 * instance runs a job only after moving its `next_run_at` forward with a conditional update.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
});

/** Bike reports (found, lost or stolen, damaged), each with a reference number for the customer. */
export const bikeReports = pgTable(
  'bike_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Readable reference shown on the confirmation and in the mails. */
    reference: text('reference').notNull().unique(),
    kind: text('kind', { enum: ['found', 'lost', 'damaged'] }).notNull(),
    bikeNumber: text('bike_number').notNull(),
    locationText: text('location_text'),
    locationLat: doublePrecision('location_lat').notNull(),
    locationLon: doublePrecision('location_lon').notNull(),
    /** Whether the location was picked from address suggestions or taken from the browser's position. */
    locationSource: text('location_source', { enum: ['address', 'position'] }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    description: text('description'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bike_reports_customer_idx').on(table.customerId),
    index('bike_reports_created_idx').on(table.createdAt),
  ],
);

/**
 * Driving licences of car-sharing customers (docs/rules/accounts.md#driving-licence), with their history: a
 * correction adds a row and marks the one it replaces `superseded_at`, so exactly one row per customer is current
 * and what was rejected, and why, stays on record. Dates are calendar dates, `yyyy-mm-dd`.
 */
export const drivingLicences = pgTable(
  'driving_licences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Upper case, without spaces. */
    number: text('number').notNull(),
    /** ISO 3166-1 alpha-2 code of the issuing country. */
    issuingCountry: text('issuing_country').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** Null for a licence without an expiry date. */
    expiresOn: date('expires_on', { mode: 'string' }),
    state: text('state', { enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    /** Why it was rejected, as a code the customer sees translated (features/driving-licence). */
    rejectionReason: text('rejection_reason', { enum: licenceRejectionReasons }),
    /** Who decided: the verification provider or a staff member. */
    decidedBy: text('decided_by', { enum: ['verifier', 'staff'] }),
    /** The staff member's or the provider's own reference of the decision. */
    decisionReference: text('decision_reference'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the verification provider was asked last; null while it has not been asked. */
    verifierAskedAt: timestamp('verifier_asked_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a correction replaced this row. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('driving_licences_one_current')
      .on(table.customerId)
      .where(sql`${table.supersededAt} is null`),
    index('driving_licences_pending_idx')
      .on(table.submittedAt)
      .where(sql`${table.state} = 'pending' and ${table.supersededAt} is null`),
  ],
);

/**
 * Staff of the service back office: not customers, with their own accounts, roles and second factor
 * (docs/rules/back-office.md). Accounts are deactivated, never deleted: the audit log names them.
 */
export const staffAccounts = pgTable('staff_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower-cased. */
  email: text('email').notNull().unique(),
  displayName: text('display_name').notNull(),
  role: text('role', { enum: ['agent', 'finance', 'admin'] }).notNull(),
  /** Null until the person has followed their enrolment link and chosen a password (features/staff/staff-enrolment.server.ts). */
  passwordHash: text('password_hash'),
  /** The TOTP secret, AES-256-GCM-encrypted with STAFF_TOTP_KEY (features/staff/secret-box.server.ts). */
  totpSecretEncrypted: text('totp_secret_encrypted').notNull(),
  /** The last TOTP time step accepted: a code of it or an earlier step is refused (replay). */
  totpLastStep: integer('totp_last_step'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  /** The admin who issued the account's latest enrolment link: like the creator, never its four-eyes partner. */
  enrolledBy: uuid('enrolled_by'),
  /** When the person completed their latest enrolment; null while its link is open. */
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
  /**
   * Null while an account made or enrolled again in the back office waits for a second admin's
   * confirmation of that enrolment (features/staff/staff-confirmation.server.ts); it cannot log in until then.
   */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The admin who confirmed it; null for an account created on the command line. */
  confirmedBy: uuid('confirmed_by'),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
});

/**
 * Enrolment links: a new staff member, or one an admin enrols again, sets their own password and
 * takes the TOTP key from this single-use link; only the token's hash is stored.
 */
export const staffEnrolments = pgTable(
  'staff_enrolments',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_enrolments_staff_idx').on(table.staffId)],
);

/** Single-use recovery codes of a staff account; only keyed hashes are stored. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_recovery_codes_hash_idx').on(table.staffId, table.codeHash)],
);

/**
 * Staff sessions, apart from the customers' (own table, own cookie). `second-factor` is the state
 * between the password and the code; a login that passes both gets a new id as an `active` session.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['second-factor', 'active'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end (8 hours after login); the idle end follows from `lastSeenAt`. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/**
 * The audit log: every staff action and every view of customer data (docs/rules/back-office.md#audit-log).
 * Append-only in the database: a trigger refuses UPDATE, TRUNCATE and DELETE, except the retention
 * job's deletion of entries older than 2 years (migration 0008_audit_log_append_only.sql).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who acted; null for a failed login of an unknown address. */
    actorStaffId: uuid('actor_staff_id'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    /** Keyed hash of the client's address: ties entries of one address together without storing it. */
    ipHash: text('ip_hash'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorStaffId, table.at),
    index('audit_log_subject_idx').on(table.subjectType, table.subjectId),
  ],
);

/** Binary data (PostgreSQL `bytea`), read and written as bytes. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * Vehicle damage reports of car sharing (docs/rules/reports.md#vehicle-damage-reports). The licence
 * plate is stored normalised (`B-AB 1234`).
 */
export const damageReports = pgTable(
  'damage_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    licencePlate: text('licence_plate').notNull(),
    damageKind: text('damage_kind', {
      enum: ['scratch', 'dent', 'glass', 'tyre', 'interior', 'technical', 'other'],
    }).notNull(),
    damagePosition: text('damage_position', {
      enum: ['front', 'rear', 'left', 'right', 'roof', 'interior'],
    }).notNull(),
    locationText: text('location_text'),
    locationLat: doublePrecision('location_lat').notNull(),
    locationLon: doublePrecision('location_lon').notNull(),
    locationSource: text('location_source', { enum: ['address', 'position'] }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    description: text('description'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('damage_reports_customer_idx').on(table.customerId),
    index('damage_reports_created_idx').on(table.createdAt),
  ],
);

/**
 * The photos of a damage report, in the database beside it
 * (docs/decisions/0032-vehicle-damage-reports-and-photos.md): the type is the one its bytes were found to
 * be, never the uploader's claim; JPEG metadata (EXIF, with its GPS position) is removed before
 * storing. Never served publicly; deleted with the report or after their retention period.
 */
export const damageReportPhotos = pgTable(
  'damage_report_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => damageReports.id, { onDelete: 'cascade' }),
    /** Order in which the photos were sent, from 1. */
    position: integer('position').notNull(),
    contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
    /** Bytes as stored (after metadata removal). */
    size: integer('size').notNull(),
    /** Hex SHA-256 of the stored bytes. */
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('damage_report_photos_report_position_idx').on(table.reportId, table.position),
    index('damage_report_photos_created_idx').on(table.createdAt),
  ],
);

/**
 * The service back office's work queue (docs/rules/back-office.md#case-queues; docs/decisions/0034): one
 * row per occurrence of something staff must handle. The source row stays the truth about the matter;
 * the case holds only the handling: state (forward only), assignee, outcome. `occurred_at` is the
 * source's time of the occurrence (received, reported, requested, failed), so a message that fails
 * again after a retry is a new case.
 */
export const cases = pgTable(
  'cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', {
      enum: [
        'cancellation',
        'bike_report',
        'deletion_request',
        'failed_mail',
        'failed_sms',
        'vehicle_report',
        'payout',
        'trip',
      ],
    }).notNull(),
    sourceId: uuid('source_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['new', 'in_progress', 'done'] })
      .notNull()
      .default('new'),
    assigneeStaffId: text('assignee_staff_id'),
    /** Raised by every change, for the optimistic check of a change made from a page shown earlier. */
    version: integer('version').notNull().default(0),
    /** How a done case ended, e.g. `matched`, `refused`, `retried`. */
    outcome: text('outcome'),
    /** What the customer was told (a refusal's reason). */
    outcomeText: text('outcome_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cases_occurrence_unique').on(table.kind, table.sourceId, table.occurredAt),
    index('cases_queue_idx').on(table.state, table.kind, table.occurredAt, table.id),
    index('cases_assignee_idx').on(table.assigneeStaffId, table.state),
    // The newest case of a kind, where `syncCases` starts reading its sources.
    index('cases_kind_occurred_idx').on(table.kind, table.occurredAt),
  ],
);

/** Staff notes on a case, never changed once written. */
export const caseNotes = pgTable(
  'case_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    authorStaffId: text('author_staff_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('case_notes_case_idx').on(table.caseId, table.createdAt)],
);

/**
 * What the law makes the provider keep of a deleted account (invoices and bookings, 8 years under §147(3) AO
 * and §14b UStG; docs/rules/back-office.md#case-queues): the identity the kept ledger, payments and contract
 * belong to, apart from the erased customer row and restricted to finance staff, until `retain_until`.
 */
export const retainedCustomerRecords = pgTable('retained_customer_records', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id),
  customerNumber: text('customer_number').notNull(),
  name: text('name').notNull(),
  addressText: text('address_text').notNull(),
  email: text('email').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
  /** Calendar date in Europe/Berlin after which the record and what it keeps may go. */
  retainUntil: date('retain_until', { mode: 'string' }).notNull(),
});

/**
 * Goodwill credits and refunds staff book into the credit ledger (docs/rules/back-office.md#money):
 * booked at once up to the approval threshold, otherwise pending until a second staff member decides.
 */
export const moneyRequests = pgTable(
  'money_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['goodwill', 'refund'] }).notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: ['pending', 'booked', 'rejected'] }).notNull(),
    requestedByStaffId: text('requested_by_staff_id').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** The approver or rejecter; the requester when booked at once. */
    decidedByStaffId: text('decided_by_staff_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    ledgerEntryId: uuid('ledger_entry_id').references(() => creditLedger.id),
    /** The requesting form's one-time token: a second submit of the same form books nothing. */
    formToken: text('form_token').unique(),
  },
  (table) => [
    index('money_requests_state_idx').on(table.state, table.requestedAt, table.id),
    index('money_requests_customer_idx').on(table.customerId, table.requestedAt),
  ],
);

/**
 * The back office's settings an admin changes at runtime (docs/rules/back-office.md#settings): one row,
 * absent until the first change. A null amount means the default in `business.backOffice.fourEyesDefaults`
 * (app/config/business.ts), so a setting added later needs no backfill. `version` is raised by every
 * change: a change sent from a page that showed an older version is refused, never written over.
 */
export const backOfficeSettings = pgTable(
  'back_office_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Goodwill credits and refunds above this (alone or within the customer's rolling total) wait for a second person. */
    moneyRequestAboveCents: integer('money_request_above_cents'),
    /** Voucher batches worth more than this in total wait for a second person. */
    voucherBatchAboveCents: integer('voucher_batch_above_cents'),
    /** What one staff member may book without a second person within the rolling window. */
    selfApprovedPerStaffCents: integer('self_approved_per_staff_cents'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByStaffId: uuid('updated_by_staff_id').notNull(),
  },
  (table) => [check('back_office_settings_one_row', sql`${table.id} = 1`)],
);

import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Brand } from '~/config/brand';
import { business, type LicenceRejectionReason } from '~/config/business';
import type { Database } from '~/db/client.server';
import { isUniqueViolation } from '~/db/errors';
import { customers, drivingLicences } from '~/db/schema';
import { berlinDate } from '~/platform/berlin-date';
import { issuedBeforeAgeProblem, type LicenceInput } from './licence-schema';

/** The brands whose customers drive cars and so register a driving licence (docs/rules/accounts.md#driving-licence). */
const licenceBrands: readonly Brand[] = ['flinkster'];

export function asksForDrivingLicence(brand: Brand): boolean {
  return licenceBrands.includes(brand);
}

export type LicenceState = 'pending' | 'verified' | 'rejected';

export interface CurrentLicence {
  id: string;
  number: string;
  issuingCountry: string;
  issuedOn: string;
  expiresOn: string | null;
  state: LicenceState;
  rejectionReason: LicenceRejectionReason | null;
  submittedAt: Date;
  decidedAt: Date | null;
}

/**
 * Stores a new licence, `pending`, as the customer's current one. Called inside the registration's
 * transaction, so that an account and its licence are created together or not at all.
 */
export async function storeLicence(
  db: Pick<Database, 'insert'>,
  customerId: string,
  licence: LicenceInput,
  now: Date,
): Promise<void> {
  await db.insert(drivingLicences).values({
    customerId,
    number: licence.number,
    issuingCountry: licence.issuingCountry,
    issuedOn: licence.issuedOn,
    expiresOn: licence.expiresOn,
    submittedAt: now,
  });
}

const currentColumns = {
  id: drivingLicences.id,
  number: drivingLicences.number,
  issuingCountry: drivingLicences.issuingCountry,
  issuedOn: drivingLicences.issuedOn,
  expiresOn: drivingLicences.expiresOn,
  state: drivingLicences.state,
  rejectionReason: drivingLicences.rejectionReason,
  submittedAt: drivingLicences.submittedAt,
  decidedAt: drivingLicences.decidedAt,
};

/** The customer's current licence (the one no correction replaced), or null when none is on record. */
export async function currentLicenceOf(
  db: Pick<Database, 'select'>,
  customerId: string,
): Promise<CurrentLicence | null> {
  const [row] = await db
    .select(currentColumns)
    .from(drivingLicences)
    .where(and(eq(drivingLicences.customerId, customerId), isNull(drivingLicences.supersededAt)));
  return row ?? null;
}

/** Whether a licence has passed its expiry date (a licence is valid on its expiry date itself). */
export function isExpired(licence: Pick<CurrentLicence, 'expiresOn'>, today: string): boolean {
  return licence.expiresOn !== null && licence.expiresOn < today;
}

/**
 * Whether the customer may enter the licence again: when none is on record, when it was rejected or when it
 * has expired. A pending or verified licence stays as it is (docs/rules/accounts.md#licence-correction).
 */
export function isCorrectable(licence: CurrentLicence | null, today: string): boolean {
  return licence === null || licence.state === 'rejected' || isExpired(licence, today);
}

export type CorrectionOutcome =
  | { kind: 'corrected' }
  | { kind: 'not-correctable' }
  /** The date of issue lies before the customer could hold a licence (their stored birth date). */
  | { kind: 'issued-before-age'; message: string }
  /** `business.licenceCorrectionsPerDay` were sent within the last 24 hours. */
  | { kind: 'too-many' };

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The customer's correction: the current licence is kept as history (`superseded_at`) and the new one becomes
 * current, `pending` again, for the verifier or a staff member to decide. Only a correctable licence can be
 * replaced; the row lock and the one-current-licence index keep two corrections at once from both winning.
 * The date of issue is checked against the stored birth date, and a customer sends at most
 * `business.licenceCorrectionsPerDay` within 24 hours, since each one is a call to the verification provider.
 */
export async function correctLicence(
  db: Database,
  customerId: string,
  licence: LicenceInput,
  now = new Date(),
): Promise<CorrectionOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select(currentColumns)
        .from(drivingLicences)
        .where(and(eq(drivingLicences.customerId, customerId), isNull(drivingLicences.supersededAt)))
        .for('update');
      if (!isCorrectable(current ?? null, berlinDate(now))) return { kind: 'not-correctable' } as const;
      const [customer] = await tx
        .select({ birthDate: customers.birthDate })
        .from(customers)
        .where(eq(customers.id, customerId));
      const ageProblem = customer ? issuedBeforeAgeProblem(licence.issuedOn, customer.birthDate) : null;
      if (ageProblem) return { kind: 'issued-before-age', message: ageProblem } as const;
      const [sent] = await tx
        .select({ count: count() })
        .from(drivingLicences)
        .where(
          and(
            eq(drivingLicences.customerId, customerId),
            gt(drivingLicences.submittedAt, new Date(now.getTime() - dayMs)),
          ),
        );
      if ((sent?.count ?? 0) >= business.licenceCorrectionsPerDay) return { kind: 'too-many' } as const;
      if (current) {
        await tx.update(drivingLicences).set({ supersededAt: now }).where(eq(drivingLicences.id, current.id));
      }
      await storeLicence(tx, customerId, licence, now);
      return { kind: 'corrected' } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'not-correctable' };
    throw error;
  }
}

export type LicenceDecision =
  | { decision: 'verified'; reference?: string }
  | { decision: 'rejected'; reason: LicenceRejectionReason; reference?: string };

export type DecisionOutcome =
  | { kind: 'decided' }
  | { kind: 'not-found' }
  | { kind: 'superseded' }
  /** Only for the verifier: a staff member decided first. */
  | { kind: 'already-decided' };

/**
 * Sets a licence `verified` or `rejected` (with the reason the customer sees). Staff decide any current
 * licence, also one the verifier decided already; a licence a correction replaced is history and is not
 * changed (docs/rules/accounts.md#licence-verification).
 */
export async function decideLicence(
  db: Pick<Database, 'select' | 'update'>,
  licenceId: string,
  decision: LicenceDecision,
  meta: { by: 'staff' | 'verifier'; now?: Date },
): Promise<DecisionOutcome> {
  const now = meta.now ?? new Date();
  const updated = await db
    .update(drivingLicences)
    .set({
      state: decision.decision,
      rejectionReason: decision.decision === 'rejected' ? decision.reason : null,
      decidedBy: meta.by,
      decisionReference: decision.reference ?? null,
      decidedAt: now,
    })
    .where(
      and(
        eq(drivingLicences.id, licenceId),
        isNull(drivingLicences.supersededAt),
        // The verifier only settles what is still open: a staff member's decision stands.
        meta.by === 'verifier' ? eq(drivingLicences.state, 'pending') : undefined,
      ),
    )
    .returning({ id: drivingLicences.id });
  if (updated.length > 0) return { kind: 'decided' };
  const [row] = await db
    .select({ supersededAt: drivingLicences.supersededAt })
    .from(drivingLicences)
    .where(eq(drivingLicences.id, licenceId));
  if (!row) return { kind: 'not-found' };
  return row.supersededAt ? { kind: 'superseded' } : { kind: 'already-decided' };
}

/** Every licence the customer entered, oldest first, for the data download. */
export async function licenceHistoryOf(db: Pick<Database, 'select'>, customerId: string) {
  return db
    .select({
      number: drivingLicences.number,
      issuingCountry: drivingLicences.issuingCountry,
      issuedOn: drivingLicences.issuedOn,
      expiresOn: drivingLicences.expiresOn,
      state: drivingLicences.state,
      rejectionReason: drivingLicences.rejectionReason,
      decidedBy: drivingLicences.decidedBy,
      decidedAt: drivingLicences.decidedAt,
      submittedAt: drivingLicences.submittedAt,
      supersededAt: drivingLicences.supersededAt,
    })
    .from(drivingLicences)
    .where(eq(drivingLicences.customerId, customerId))
    .orderBy(asc(drivingLicences.submittedAt));
}

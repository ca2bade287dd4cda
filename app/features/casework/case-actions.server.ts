import { and, asc, eq, sql } from 'drizzle-orm';
import { customerDataRoles } from '~/config/back-office';
import { business } from '~/config/business';
import type { Database } from '~/db/client.server';
import {
  accountTokens,
  bikeReports,
  contracts,
  creditLedger,
  damageReportPhotos,
  damageReports,
  drivingLicences,
  caseNotes,
  cases,
  cancellations,
  customers,
  outbox,
  phoneVerifications,
  retainedCustomerRecords,
  sessions,
  smsOutbox,
  trips,
} from '~/db/schema';
import { mailLink } from '~/features/accounts/public.server';
import { recordAudit } from '~/features/audit/public.server';
import { assignDeclaration, settleContract, withdrawalNoticeMail } from '~/features/contract/public.server';
import { deletionBlockers, type DeletionBlocker } from '~/features/personal-data/public.server';
import { enqueueMail } from '~/shared/mail/outbox.server';
import type { RenderedMail } from '~/shared/mail/templates';
import { retryFailed } from '~/shared/outbox/delivery.server';
import { berlinDate } from '~/platform/berlin-date';
import {
  declarationAppliedMail,
  declarationClosedMail,
  deletionDoneMail,
  deletionRefusedMail,
  reportDoneMail,
  vehicleReportDoneMail,
  type AppliedDeclaration,
} from './casework-mails';
import {
  closedOutcome,
  closeReasonsNeedingText,
  declarationNoun,
  isDeclarationCloseReason,
} from './declaration-outcomes';
import {
  caseKindsFor,
  closeCase,
  isUuid,
  lockOpenCase,
  type CaseError,
  type CaseRow,
  type CaseworkContext,
  type StaffActor,
} from './cases.server';
import { payoutSource } from './payout-cases.server';

/**
 * What staff do with a case of each kind (docs/rules/back-office.md#case-queues). Each action runs in
 * one transaction with the case's row locked: the change to the source, the mail to the customer, the
 * closing of the case and the audit entries commit together, and a second action on the same case
 * finds it done.
 */

type Queued = { to: string; mail: RenderedMail };
type ActionResult<T = object> = ({ ok: true; case: CaseRow } & T) | { ok: false; error: CaseError | string };

/** Runs `work` in one transaction; the mails it queued are announced once it committed. */
async function inTransaction<R>(
  ctx: CaseworkContext,
  work: (tx: Database, queue: (queued: Queued) => void) => Promise<R>,
): Promise<R> {
  const queued: Queued[] = [];
  const outcome = await ctx.db.transaction((tx) => work(tx, (item) => queued.push(item)));
  for (const { to, mail } of queued) ctx.onMailQueued(to, mail.subject, mail.text);
  return outcome;
}

/**
 * A case with its notes and what its source says, for the case page; the view is audited. A case of a
 * kind the actor's role does not see (`caseKindsFor`) is none.
 */
export async function getCase(ctx: Pick<CaseworkContext, 'db'>, actor: StaffActor, caseId: string) {
  if (!isUuid(caseId)) return null;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(cases).where(eq(cases.id, caseId));
    if (!row || !caseKindsFor(actor.role).includes(row.kind)) return null;
    const notes = await tx
      .select()
      .from(caseNotes)
      .where(eq(caseNotes.caseId, caseId))
      .orderBy(asc(caseNotes.createdAt), asc(caseNotes.id));
    const source = await sourceOf(tx, row, actor);
    await recordAudit(
      tx,
      { actorStaffId: actor.staffId, action: 'case.view', subjectType: 'case', subjectId: caseId },
      actor.origin,
    );
    return { case: row, notes, source };
  });
}

export type CaseSource = Awaited<ReturnType<typeof sourceOf>>;

async function sourceOf(db: Database, row: CaseRow, actor: StaffActor) {
  switch (row.kind) {
    case 'cancellation': {
      const [declaration] = await db.select().from(cancellations).where(eq(cancellations.id, row.sourceId));
      if (!declaration) return null;
      const { submissionFingerprint: _, ...shown } = declaration;
      return { kind: row.kind, declaration: shown, matched: declaration.customerId !== null };
    }
    case 'bike_report': {
      const [report] = await db.select().from(bikeReports).where(eq(bikeReports.id, row.sourceId));
      return report ? { kind: row.kind, report } : null;
    }
    case 'deletion_request': {
      const [customer] = await db
        .select({
          id: customers.id,
          customerNumber: customers.customerNumber,
          firstName: customers.firstName,
          lastName: customers.lastName,
          email: customers.email,
          deletionRequestedAt: customers.deletionRequestedAt,
          deletedAt: customers.deletedAt,
        })
        .from(customers)
        .where(eq(customers.id, row.sourceId));
      if (!customer) return null;
      const blockers = customer.deletedAt ? [] : await deletionBlockers(db, customer.id);
      const [balance] = await db
        .select({ cents: sql<number>`coalesce(sum(${creditLedger.amountCents}), 0)::int` })
        .from(creditLedger)
        .where(eq(creditLedger.customerId, customer.id));
      const [contract] = await db
        .select({ state: contracts.state, endDate: contracts.endDate })
        .from(contracts)
        .where(eq(contracts.customerId, customer.id));
      return {
        kind: row.kind,
        customer,
        blockers,
        balanceCents: Number(balance?.cents ?? 0),
        contract: contract ?? null,
      };
    }
    case 'failed_mail': {
      const [mail] = await db
        .select({
          id: outbox.id,
          recipient: outbox.recipient,
          subject: outbox.subject,
          kind: outbox.kind,
          attempts: outbox.attempts,
          failedAt: outbox.failedAt,
          sentAt: outbox.sentAt,
          lastError: outbox.lastError,
        })
        .from(outbox)
        .where(eq(outbox.id, row.sourceId));
      return mail ? { kind: row.kind, mail } : null;
    }
    case 'failed_sms': {
      const [sms] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, row.sourceId));
      if (!sms) return null;
      const { text, ...shown } = sms;
      return { kind: row.kind, sms: { ...shown, retryable: text !== '' } };
    }
    case 'vehicle_report': {
      const [report] = await db.select().from(damageReports).where(eq(damageReports.id, row.sourceId));
      if (!report) return null;
      const [photos] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(damageReportPhotos)
        .where(eq(damageReportPhotos.reportId, report.id));
      return { kind: row.kind, report, photoCount: Number(photos?.count ?? 0) };
    }
    case 'trip': {
      // What staff need to clear up an unknown customer number with the fleet: no locations, no price.
      const [trip] = await db
        .select({
          tripId: trips.tripId,
          customerNumber: trips.customerNumber,
          deviceId: trips.deviceId,
          vehicleType: trips.vehicleType,
          vehicleClass: trips.vehicleClass,
          startTime: trips.startTime,
          endTime: trips.endTime,
          distanceMeters: trips.distanceMeters,
          receivedAt: trips.receivedAt,
          booked: sql<boolean>`${trips.customerId} is not null`,
        })
        .from(trips)
        .where(eq(trips.id, row.sourceId));
      return trip ? { kind: row.kind, trip } : null;
    }
    case 'payout':
      return payoutSource(db, row.sourceId, {
        showsName: (customerDataRoles as readonly string[]).includes(actor.role),
      });
  }
}

/**
 * Assigns a declaration that matched no account to the customer staff found, applying it with its
 * original received time (the contract feature's `assignDeclaration`), and closes the case. The
 * declarant's address gets what `assignDeclaration` sends it; the account's own address is told what
 * was applied and when the declaration arrived (docs/rules/back-office.md#case-queues).
 */
export async function matchDeclaration(
  ctx: CaseworkContext,
  actor: StaffActor,
  caseId: string,
  { customerId, expectedVersion, now = new Date() }: { customerId: string; expectedVersion?: number; now?: Date },
): Promise<ActionResult<{ effectiveEndDate: string | null }>> {
  if (!isUuid(customerId)) return { ok: false, error: 'unknown-customer' };
  return inTransaction(ctx, async (tx, queue): Promise<ActionResult<{ effectiveEndDate: string | null }>> => {
    const open = await lockOpenCase(tx, caseId, 'cancellation', expectedVersion);
    if (!open.ok) return open;
    const [customer] = await tx
      .select({
        id: customers.id,
        deletedAt: customers.deletedAt,
        email: customers.email,
        firstName: customers.firstName,
        customerNumber: customers.customerNumber,
        locale: customers.locale,
      })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer || customer.deletedAt) return { ok: false, error: 'unknown-customer' };
    const assigned = await assignDeclaration(tx, ctx, { cancellationId: open.row.sourceId, customerId, now });
    if (!assigned.ok) return assigned;
    const [declaration] = await tx.select().from(cancellations).where(eq(cancellations.id, open.row.sourceId));
    const [contract] = await tx
      .select({ state: contracts.state })
      .from(contracts)
      .where(eq(contracts.customerId, customerId));
    if (!declaration || !contract) throw new Error(`Declaration ${open.row.sourceId} was assigned to nothing`);
    const applied = appliedOf(declaration, contract.state, assigned);
    const holderLink = mailLink(ctx.config, 'contract', customer.locale);
    // A withdrawal's holder learns what it did in full (refund, payout), as when it matched on arrival.
    const holderMail = assigned.withdrawal
      ? withdrawalNoticeMail(
          {
            firstName: customer.firstName,
            reference: declaration.reference,
            receivedAt: declaration.receivedAt.toISOString(),
            result: assigned.withdrawal,
          },
          holderLink,
          customer.locale,
          ctx.brand,
        )
      : declarationAppliedMail(
          {
            firstName: customer.firstName,
            customerNumber: customer.customerNumber,
            reference: declaration.reference,
            receivedAt: declaration.receivedAt,
            kind: declaration.kind,
            confirmationEmail: declaration.confirmationEmail,
            applied,
          },
          holderLink,
          customer.locale,
          ctx.brand,
        );
    await enqueueMail(tx, customer.email, holderMail);
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'cancellation.match',
        subjectType: 'cancellation',
        subjectId: open.row.sourceId,
        before: { customerId: null },
        after: {
          customerId,
          appliedAs: applied.as,
          effectiveEndDate: assigned.effectiveEndDate,
          adjusted: assigned.adjusted,
          holderMailed: true,
        },
      },
      actor.origin,
    );
    const closed = await closeCase(tx, open.row, actor, 'matched', null, now);
    queue(assigned.mail);
    queue({ to: customer.email, mail: holderMail });
    return { ok: true, case: closed, effectiveEndDate: assigned.effectiveEndDate };
  });
}

/**
 * What matching did to the contract, as `assignDeclaration` records it in the declaration's `appliedAs`
 * (docs/rules/contract-and-cancellation.md#cancellation-declarations): a withdrawal within its period
 * withdrew it (`withdrawal`); one after its period cancelled it (`cancellation`); anything else is a
 * cancellation, revocable while the contract still runs.
 */
function appliedOf(
  declaration: typeof cancellations.$inferSelect,
  contractState: (typeof contracts.$inferSelect)['state'],
  assigned: { effectiveEndDate: string | null; adjusted: boolean },
): AppliedDeclaration {
  if (declaration.appliedAs === 'withdrawal') return { as: 'withdrawal' };
  return {
    as: 'cancellation',
    effectiveEndDate: assigned.effectiveEndDate,
    adjusted: assigned.adjusted,
    revocable: contractState === 'cancellation_requested',
    lateWithdrawal: declaration.appliedAs === 'cancellation',
  };
}

export type DeclarationClosing =
  | { ok: true; case: CaseRow; declarantMailed: boolean }
  | { ok: false; error: CaseError | 'close-reason-required' | 'close-text-required' | 'close-text-too-long' };

/**
 * Closes a declaration's case by hand (docs/rules/back-office.md#case-queues;
 * docs/decisions/0060-declarations-closed-with-a-reason.md). A declaration that matched no account is
 * not applied: staff give a reason from `declarationCloseReasons` (with their own words where the
 * reason needs them), the case's outcome becomes `closed:<reason>` with the words as its text, and the
 * declarant is answered at the confirmation address in the declaration's language. A declaration that
 * matched an account on arrival was applied then and its holder told: its case closes as `closed`,
 * without a reason and without a mail.
 */
export async function closeDeclaration(
  ctx: CaseworkContext,
  actor: StaffActor,
  caseId: string,
  {
    reason,
    text,
    expectedVersion,
    now = new Date(),
  }: { reason?: string; text?: string; expectedVersion?: number; now?: Date },
): Promise<DeclarationClosing> {
  return inTransaction(ctx, async (tx, queue): Promise<DeclarationClosing> => {
    const open = await lockOpenCase(tx, caseId, 'cancellation', expectedVersion);
    if (!open.ok) return open;
    const [declaration] = await tx
      .select()
      .from(cancellations)
      .where(eq(cancellations.id, open.row.sourceId))
      .for('update');
    if (!declaration) return { ok: false, error: 'not-found' };
    if (declaration.customerId) {
      const closed = await closeCase(tx, open.row, actor, 'closed', null, now);
      return { ok: true, case: closed, declarantMailed: false };
    }
    const code = (reason ?? '').trim();
    if (!isDeclarationCloseReason(code)) return { ok: false, error: 'close-reason-required' };
    const words = (text ?? '').trim();
    if (words.length > business.backOffice.reasonMaxLength) return { ok: false, error: 'close-text-too-long' };
    if (words.length === 0 && closeReasonsNeedingText.includes(code)) {
      return { ok: false, error: 'close-text-required' };
    }
    const mail = declarationClosedMail(
      {
        reference: declaration.reference,
        receivedAt: declaration.receivedAt,
        kind: declaration.kind,
        name: declaration.name,
        reason: code,
        text: words || null,
        formUrl: declarationFormUrl(ctx, declaration.kind, declaration.locale),
      },
      declaration.locale,
      ctx.brand,
    );
    await enqueueMail(tx, declaration.confirmationEmail, mail);
    const outcome = closedOutcome(code);
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'cancellation.close',
        subjectType: 'cancellation',
        subjectId: declaration.id,
        before: { customerId: null },
        after: { outcome, reason: code, text: words || null, declarantMailed: true },
      },
      actor.origin,
    );
    const closed = await closeCase(tx, open.row, actor, outcome, words || null, now);
    queue({ to: declaration.confirmationEmail, mail });
    return { ok: true, case: closed, declarantMailed: true };
  });
}

/**
 * The public form where a declaration of `kind` can be made again: the cancellation page or the withdrawal
 * function (docs/rules/back-office.md#case-queues).
 */
function declarationFormUrl(
  ctx: Pick<CaseworkContext, 'config'>,
  kind: (typeof cancellations.$inferSelect)['kind'],
  locale: (typeof cancellations.$inferSelect)['locale'],
): string {
  const page = declarationNoun(kind) === 'withdrawal' ? 'withdrawContract' : 'cancelContract';
  return mailLink(ctx.config, page, locale);
}

export type MatchPreview =
  | {
      ok: true;
      customer: { id: string; customerNumber: string; name: string; email: string };
      effectiveEndDate: string | null;
      adjusted: boolean;
    }
  | { ok: false; error: CaseError | 'unknown-customer' | 'already-assigned' | 'withdrawn' | 'no-contract' | string };

class PreviewOnly extends Error {
  constructor(readonly outcome: MatchPreview) {
    super('preview only');
  }
}

/**
 * What matching an unmatched declaration to the customer with `customerNumber` would do, before
 * staff confirm: the customer found and the end date the contract would get. The matching itself
 * runs and is rolled back, so the preview is exactly what a confirmation would do now. Showing the
 * customer is a view of customer data, audited as `case.match-preview`.
 */
export async function previewMatch(
  ctx: CaseworkContext,
  actor: StaffActor,
  caseId: string,
  { customerNumber, now = new Date() }: { customerNumber: string; now?: Date },
): Promise<MatchPreview> {
  return ctx.db.transaction(async (tx): Promise<MatchPreview> => {
    const open = await lockOpenCase(tx, caseId, 'cancellation');
    if (!open.ok) return open;
    const [customer] = await tx
      .select({
        id: customers.id,
        customerNumber: customers.customerNumber,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        deletedAt: customers.deletedAt,
      })
      .from(customers)
      .where(eq(customers.customerNumber, customerNumber.trim()));
    if (!customer || customer.deletedAt) return { ok: false, error: 'unknown-customer' };
    const outcome = await tx
      .transaction(async (dry) => {
        const assigned = await assignDeclaration(dry, ctx, {
          cancellationId: open.row.sourceId,
          customerId: customer.id,
          now,
        });
        throw new PreviewOnly(
          assigned.ok
            ? {
                ok: true,
                customer: {
                  id: customer.id,
                  customerNumber: customer.customerNumber,
                  name: `${customer.firstName} ${customer.lastName}`,
                  email: customer.email,
                },
                effectiveEndDate: assigned.effectiveEndDate,
                adjusted: assigned.adjusted,
              }
            : assigned,
        );
      })
      .catch((thrown: unknown) => {
        if (thrown instanceof PreviewOnly) return thrown.outcome;
        throw thrown;
      });
    if (outcome.ok) {
      await recordAudit(
        tx,
        {
          actorStaffId: actor.staffId,
          action: 'case.match-preview',
          subjectType: 'case',
          subjectId: caseId,
          after: { customerId: customer.id },
        },
        actor.origin,
      );
    }
    return outcome;
  });
}

/** Closes a bike report's case and tells the reporter, in the report's language, when a contact is known. */
export async function completeReport(
  ctx: CaseworkContext,
  actor: StaffActor,
  caseId: string,
  { expectedVersion, now = new Date() }: { expectedVersion?: number; now?: Date } = {},
): Promise<ActionResult<{ reporterMailed: boolean }>> {
  return inTransaction(ctx, async (tx, queue): Promise<ActionResult<{ reporterMailed: boolean }>> => {
    const open = await lockOpenCase(tx, caseId, 'bike_report', expectedVersion);
    if (!open.ok) return open;
    const [report] = await tx
      .select({ reference: bikeReports.reference, contactEmail: bikeReports.contactEmail, locale: bikeReports.locale })
      .from(bikeReports)
      .where(eq(bikeReports.id, open.row.sourceId));
    if (!report) return { ok: false, error: 'not-found' };
    let reporterMailed = false;
    // The retention job clears contact details after a year; such a report closes without a mail.
    if (report.contactEmail) {
      const mail = reportDoneMail(report.reference, report.locale, ctx.brand);
      await enqueueMail(tx, report.contactEmail, mail);
      queue({ to: report.contactEmail, mail });
      reporterMailed = true;
    }
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'bike-report.complete',
        subjectType: 'bike_report',
        subjectId: open.row.sourceId,
        after: { reporterMailed },
      },
      actor.origin,
    );
    const closed = await closeCase(tx, open.row, actor, 'completed', null, now);
    return { ok: true, case: closed, reporterMailed };
  });
}

/**
 * Closes a vehicle damage report's case (docs/rules/back-office.md#case-queues) and tells the reporter,
 * in the report's language, when they left an email address; a report without one (a phone number
 * only, or contact details cleared by a deletion) closes without a message.
 */
export async function completeVehicleReport(
  ctx: CaseworkContext,
  actor: StaffActor,
  caseId: string,
  { expectedVersion, now = new Date() }: { expectedVersion?: number; now?: Date } = {},
): Promise<ActionResult<{ reporterMailed: boolean }>> {
  return inTransaction(ctx, async (tx, queue): Promise<ActionResult<{ reporterMailed: boolean }>> => {
    const open = await lockOpenCase(tx, caseId, 'vehicle_report', expectedVersion);
    if (!open.ok) return open;
    const [report] = await tx
      .select({
        reference: damageReports.reference,
        licencePlate: damageReports.licencePlate,
        contactEmail: damageReports.contactEmail,
        locale: damageReports.locale,
      })
      .from(damageReports)
      .where(eq(damageReports.id, open.row.sourceId));
    if (!report) return { ok: false, error: 'not-found' };
    let reporterMailed = false;
    if (report.contactEmail) {
      const mail = vehicleReportDoneMail(report.reference, report.licencePlate, report.locale, ctx.brand);
      await enqueueMail(tx, report.contactEmail, mail);
      queue({ to: report.contactEmail, mail });
      reporterMailed = true;
    }
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'damage-report.complete',
        subjectType: 'damage_report',
        subjectId: open.row.sourceId,
        after: { reporterMailed },
      },
      actor.origin,
    );
    const closed = await closeCase(tx, open.row, actor, 'completed', null, now);
    return { ok: true, case: closed, reporterMailed };
  });
}

export type DeletionCarryOut =
  | { ok: true; case: CaseRow; retainUntil: string }
  | { ok: false; error: 'blocked'; blockers: DeletionBlocker[] }
  | { ok: false; error: CaseError | 'not-requested' | 'already-deleted' };

/**
 * Carries out a deletion request with the checks the customer's own request passed
 * (docs/rules/personal-data.md#account-deletion): refused while the balance is negative or the contract
 * has not ended. What the law makes the provider keep (docs/rules/back-office.md#case-queues) stays:
 * the ledger, payments, payment methods, contract and declarations keep pointing at the erased customer
 * row, and the identity they belong to moves to `retained_customer_records` until the retention period
 * ends. Everything else personal goes: the customer's fields, sessions, links, codes, and the contact
 * details of their bike reports.
 */
export async function carryOutDeletion(
  ctx: CaseworkContext,
  actor: StaffActor,
  caseId: string,
  { expectedVersion, now = new Date() }: { expectedVersion?: number; now?: Date } = {},
): Promise<DeletionCarryOut> {
  return inTransaction(ctx, async (tx, queue): Promise<DeletionCarryOut> => {
    const open = await lockOpenCase(tx, caseId, 'deletion_request', expectedVersion);
    if (!open.ok) return open;
    const customerId = open.row.sourceId;
    const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
    if (!customer) return { ok: false, error: 'not-found' };
    if (customer.deletedAt) return { ok: false, error: 'already-deleted' };
    if (!customer.deletionRequestedAt) return { ok: false, error: 'not-requested' };
    // A cancelled contract whose end date has passed has ended, even if nobody has read it since.
    await settleContract(tx, customerId, now);
    const blockers = await deletionBlockers(tx, customerId);
    if (blockers.length > 0) return { ok: false, error: 'blocked', blockers };

    const retainUntil = yearsLater(berlinDate(now), business.backOffice.retentionYears);
    await tx.insert(retainedCustomerRecords).values({
      customerId,
      customerNumber: customer.customerNumber,
      name: `${customer.firstName} ${customer.lastName}`,
      addressText: customer.addressText,
      email: customer.email,
      deletedAt: now,
      retainUntil,
    });
    await tx
      .update(customers)
      .set({
        email: `deleted-${customerId}@deleted.invalid`,
        emailVerifiedAt: null,
        passwordHash: '!deleted',
        salutation: 'none',
        firstName: '',
        lastName: '',
        birthDate: '1900-01-01',
        phoneE164: '',
        addressText: '',
        addressLat: 0,
        addressLon: 0,
        actionCode: null,
        newsletter: false,
        deletedAt: now,
      })
      .where(eq(customers.id, customerId));
    await tx.delete(sessions).where(eq(sessions.customerId, customerId));
    await tx.delete(accountTokens).where(eq(accountTokens.customerId, customerId));
    await tx.delete(phoneVerifications).where(eq(phoneVerifications.customerId, customerId));
    await tx
      .update(bikeReports)
      .set({ contactEmail: null, contactPhone: null, description: null, customerId: null })
      .where(eq(bikeReports.customerId, customerId));
    // A damage report stays with the vehicle until its own retention ends; who sent it and how to reach them do not.
    await tx
      .update(damageReports)
      .set({ contactEmail: null, contactPhone: null, description: null, customerId: null })
      .where(eq(damageReports.customerId, customerId));
    // The driving licence, with its history, is no book or record the law makes the provider keep.
    await tx.delete(drivingLicences).where(eq(drivingLicences.customerId, customerId));
    // Rides stay as the bookings' basis; where they began and ended is a movement profile no book needs.
    await tx.update(trips).set({ startLocation: null, endLocation: null }).where(eq(trips.customerId, customerId));
    const mail = deletionDoneMail(
      { firstName: customer.firstName, customerNumber: customer.customerNumber },
      customer.locale,
      ctx.brand,
    );
    await enqueueMail(tx, customer.email, mail);
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'deletion.carry-out',
        subjectType: 'customer',
        subjectId: customerId,
        before: { customerNumber: customer.customerNumber, deletionRequestedAt: customer.deletionRequestedAt },
        after: { deletedAt: now, retainUntil },
      },
      actor.origin,
    );
    const closed = await closeCase(tx, open.row, actor, 'deleted', null, now);
    queue({ to: customer.email, mail });
    return { ok: true, case: closed, retainUntil };
  });
}

/**
 * Refuses a deletion request with a reason the customer receives by mail. The request is cleared, so
 * the customer can ask again once the reason no longer applies.
 */
export async function refuseDeletion(
  ctx: CaseworkContext,
  actor: StaffActor,
  caseId: string,
  { reason, expectedVersion, now = new Date() }: { reason: string; expectedVersion?: number; now?: Date },
): Promise<ActionResult> {
  const text = reason.trim();
  if (text.length === 0 || text.length > business.backOffice.reasonMaxLength) return { ok: false, error: 'invalid' };
  return inTransaction(ctx, async (tx, queue): Promise<ActionResult> => {
    const open = await lockOpenCase(tx, caseId, 'deletion_request', expectedVersion);
    if (!open.ok) return open;
    const [customer] = await tx
      .update(customers)
      .set({ deletionRequestedAt: null })
      .where(and(eq(customers.id, open.row.sourceId), eq(customers.deletionRequestedAt, open.row.occurredAt)))
      .returning();
    if (!customer || customer.deletedAt) return { ok: false, error: 'not-requested' };
    const mail = deletionRefusedMail(
      { firstName: customer.firstName, customerNumber: customer.customerNumber, reason: text },
      customer.locale,
      ctx.brand,
    );
    await enqueueMail(tx, customer.email, mail);
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'deletion.refuse',
        subjectType: 'customer',
        subjectId: customer.id,
        before: { deletionRequestedAt: open.row.occurredAt },
        after: { deletionRequestedAt: null, reason: text },
      },
      actor.origin,
    );
    const closed = await closeCase(tx, open.row, actor, 'refused', text, now);
    queue({ to: customer.email, mail });
    return { ok: true, case: closed };
  });
}

/**
 * Makes a failed mail or SMS due again with a full set of attempts (the same reset as
 * `npm run outbox:retry`) and closes the case; should it fail again, that failure is a new case. A
 * failed SMS has lost its text (docs/decisions/0022-retention-outboxes-and-metrics.md): it cannot be
 * retried, and its case is closed by hand.
 */
export async function retryMessage(
  ctx: Pick<CaseworkContext, 'db'>,
  actor: StaffActor,
  caseId: string,
  { expectedVersion, now = new Date() }: { expectedVersion?: number; now?: Date } = {},
): Promise<ActionResult> {
  return ctx.db.transaction(async (tx): Promise<ActionResult> => {
    const open = await lockOpenCase(tx, caseId, undefined, expectedVersion);
    if (!open.ok) return open;
    const { kind, sourceId } = open.row;
    if (kind !== 'failed_mail' && kind !== 'failed_sms') return { ok: false, error: 'wrong-kind' };
    const table = kind === 'failed_mail' ? outbox : smsOutbox;
    if (kind === 'failed_sms') {
      const [sms] = await tx.select({ text: smsOutbox.text }).from(smsOutbox).where(eq(smsOutbox.id, sourceId));
      if (!sms || sms.text === '') return { ok: false, error: 'text-gone' };
    }
    const reset = await retryFailed(tx, table, sourceId, now);
    if (reset === 0) return { ok: false, error: 'not-failed' };
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: kind === 'failed_mail' ? 'mail.retry' : 'sms.retry',
        subjectType: kind === 'failed_mail' ? 'mail' : 'sms',
        subjectId: sourceId,
        before: { failedAt: open.row.occurredAt },
        after: { failedAt: null, nextAttemptAt: now },
      },
      actor.origin,
    );
    const closed = await closeCase(tx, open.row, actor, 'retried', null, now);
    return { ok: true, case: closed };
  });
}

/** The same calendar day `years` later (29 February becomes 28 February). */
function yearsLater(day: string, years: number): string {
  const [year, month, date] = day.split('-');
  const target = `${Number(year) + years}-${month}-${date}`;
  return month === '02' && date === '29' ? `${Number(year) + years}-02-28` : target;
}

import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { retention } from '~/config/retention';
import type { Database } from '~/db/client.server';
import { deleteExpiredAuditEntries } from '~/features/audit/public.server';
import { berlinDate } from '~/platform/berlin-date';
import { backOffice } from '~/config/back-office';
import {
  accountTokens,
  bikeReports,
  cancellations,
  caseNotes,
  cases,
  customers,
  damageReports,
  moneyRequests,
  outbox,
  payouts,
  phoneVerifications,
  retainedCustomerRecords,
  sessions,
  smsOutbox,
  staffEnrolments,
  staffSessions,
} from '~/db/schema';

/** One kind of personal data with a natural end, and what happens to it after its period. */
export interface RetentionRule {
  name: string;
  /** Deletes or anonymises what is past its period; returns how many rows it changed. */
  apply(db: Database, now: Date): Promise<number>;
}

/** Rows per statement: a first run on a large table never holds one huge transaction. */
const batchSize = 1000;

const before = (now: Date, periodMs: number) => new Date(now.getTime() - periodMs);

/**
 * Every retention period of config/retention.ts as a rule. The tables a rule does not name
 * (customers, contracts, tariff changes, cancellation declarations, payment methods, payments,
 * credit ledger, vouchers) are kept on purpose: see the decision record. They go with a deleted
 * account once its books' retention has ended.
 */
export const retentionRules: RetentionRule[] = [
  {
    name: 'expired sessions',
    apply: (db, now) =>
      deleteInBatches(db, sessions, sessions.idHash, lt(sessions.expiresAt, before(now, retention.expiredSessionsMs))),
  },
  {
    name: 'used or expired account tokens',
    apply: (db, now) => {
      const cutoff = before(now, retention.accountTokensMs);
      return deleteInBatches(
        db,
        accountTokens,
        accountTokens.tokenHash,
        or(lt(accountTokens.usedAt, cutoff), lt(accountTokens.expiresAt, cutoff)),
      );
    },
  },
  {
    name: 'used or expired SMS codes',
    apply: (db, now) => {
      const cutoff = before(now, retention.phoneVerificationsMs);
      return deleteInBatches(
        db,
        phoneVerifications,
        phoneVerifications.id,
        or(lt(phoneVerifications.usedAt, cutoff), lt(phoneVerifications.expiresAt, cutoff)),
      );
    },
  },
  {
    name: 'sent mails',
    apply: (db, now) => deleteInBatches(db, outbox, outbox.id, lt(outbox.sentAt, before(now, retention.sentMailsMs))),
  },
  {
    name: 'failed or never sent mails',
    apply: (db, now) =>
      deleteInBatches(
        db,
        outbox,
        outbox.id,
        and(isNull(outbox.sentAt), lt(outbox.createdAt, before(now, retention.unsentMailsMs))),
      ),
  },
  {
    name: 'sent or failed SMS',
    apply: (db, now) => {
      const cutoff = before(now, retention.finishedSmsMs);
      return deleteInBatches(
        db,
        smsOutbox,
        smsOutbox.id,
        or(lt(smsOutbox.sentAt, cutoff), lt(smsOutbox.failedAt, cutoff)),
      );
    },
  },
  {
    name: 'never sent SMS',
    apply: (db, now) =>
      deleteInBatches(
        db,
        smsOutbox,
        smsOutbox.id,
        and(
          isNull(smsOutbox.sentAt),
          isNull(smsOutbox.failedAt),
          lt(smsOutbox.createdAt, before(now, retention.unsentSmsMs)),
        ),
      ),
  },
  {
    // Past their 8 hours, or idle for longer than the idle timeout: no request can use them any more.
    name: 'ended staff sessions',
    apply: (db, now) =>
      deleteInBatches(
        db,
        staffSessions,
        staffSessions.idHash,
        or(
          lt(staffSessions.expiresAt, now),
          lt(staffSessions.lastSeenAt, before(now, backOffice.session.idleTimeoutMs)),
        ),
      ),
  },
  {
    // Used or past their end: no one can enrol with them any more (docs/rules/back-office.md#enrolment);
    // the audit log keeps who made and who used each.
    name: 'used and expired staff enrolment links',
    apply: (db, now) =>
      deleteInBatches(
        db,
        staffEnrolments,
        staffEnrolments.tokenHash,
        or(isNotNull(staffEnrolments.usedAt), lt(staffEnrolments.expiresAt, now)),
      ),
  },
  {
    // 2 years (docs/rules/back-office.md#audit-log): the one deletion the audit log's trigger allows.
    name: 'audit log entries older than 2 years',
    apply: (db) => deleteExpiredAuditEntries(db),
  },
  {
    // The photos are deleted with their report (foreign key ON DELETE CASCADE).
    name: 'vehicle damage reports and their photos',
    apply: (db, now) =>
      deleteInBatches(
        db,
        damageReports,
        damageReports.id,
        lt(damageReports.createdAt, before(now, retention.damageReportsMs)),
      ),
  },
  {
    // A deleted account's books (docs/rules/back-office.md#case-queues) go with the identity they
    // were kept for, once the day after `retain_until` has come in Berlin.
    name: 'books of deleted accounts past their retention',
    apply: async (db, now) => {
      const due = await db
        .select({ customerId: retainedCustomerRecords.customerId })
        .from(retainedCustomerRecords)
        .where(lt(retainedCustomerRecords.retainUntil, berlinDate(now)))
        .limit(batchSize);
      for (const { customerId } of due) await deleteKeptBooks(db, customerId);
      return due.length;
    },
  },
  {
    name: 'bike report contact details',
    apply: async (db, now) => {
      let changed = 0;
      for (;;) {
        const due = db
          .select({ id: bikeReports.id })
          .from(bikeReports)
          .where(
            and(
              lt(bikeReports.createdAt, before(now, retention.bikeReportContactMs)),
              or(
                isNotNull(bikeReports.contactEmail),
                isNotNull(bikeReports.contactPhone),
                isNotNull(bikeReports.description),
                isNotNull(bikeReports.customerId),
              ),
            ),
          )
          .limit(batchSize);
        const rows = await db
          .update(bikeReports)
          .set({ contactEmail: null, contactPhone: null, description: null, customerId: null })
          .where(inArray(bikeReports.id, due))
          .returning({ id: bikeReports.id });
        changed += rows.length;
        if (rows.length < batchSize) return changed;
      }
    },
  },
  {
    // After the rules above: a failed mail's or SMS's case, or a damage report's, has nothing left
    // to work on once its source is gone, but its notes may still name the customer.
    name: 'cases whose mail, SMS or damage report is gone',
    apply: (db) =>
      deleteInBatches(
        db,
        cases,
        cases.id,
        or(
          and(eq(cases.kind, 'failed_mail'), sourceGone(db, outbox, outbox.id)),
          and(eq(cases.kind, 'failed_sms'), sourceGone(db, smsOutbox, smsOutbox.id)),
          and(eq(cases.kind, 'vehicle_report'), sourceGone(db, damageReports, damageReports.id)),
        ),
      ),
  },
  {
    // The report stays as fleet history, and so does its done case (or the queue would make a new
    // one); what staff wrote about the reporter goes with the reporter's details.
    name: 'notes on done bike report cases',
    apply: async (db, now) => {
      const due = and(
        eq(cases.kind, 'bike_report'),
        eq(cases.state, 'done'),
        lt(cases.occurredAt, before(now, retention.bikeReportContactMs)),
      );
      const notes = await deleteInBatches(
        db,
        caseNotes,
        caseNotes.id,
        inArray(caseNotes.caseId, db.select({ id: cases.id }).from(cases).where(due)),
      );
      const outcomes = await db
        .update(cases)
        .set({ outcomeText: null })
        .where(and(due, isNotNull(cases.outcomeText)))
        .returning({ id: cases.id });
      return notes + outcomes.length;
    },
  },
];

/** No row of `table` is the case's source any more. */
function sourceGone(db: Database, table: typeof outbox | typeof smsOutbox | typeof damageReports, id: PgColumn) {
  return notExists(db.select({ id }).from(table).where(eq(id, cases.sourceId)));
}

/**
 * Deletes what was kept of one deleted account: its declarations with their cases, its deletion request's
 * and its payouts' cases (docs/rules/back-office.md#case-queues), its money requests, the retained
 * identity and the erased customer row, whose deletion takes the ledger, payouts, payments, payment
 * methods, contract and tariff changes with it (ON DELETE CASCADE).
 */
async function deleteKeptBooks(db: Database, customerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const declarations = tx
      .select({ id: cancellations.id })
      .from(cancellations)
      .where(eq(cancellations.customerId, customerId));
    const payoutsOfCustomer = tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.customerId, customerId));
    await tx
      .delete(cases)
      .where(
        or(
          and(eq(cases.kind, 'cancellation'), inArray(cases.sourceId, declarations)),
          and(eq(cases.kind, 'deletion_request'), eq(cases.sourceId, customerId)),
          and(eq(cases.kind, 'payout'), inArray(cases.sourceId, payoutsOfCustomer)),
        ),
      );
    await tx.delete(cancellations).where(eq(cancellations.customerId, customerId));
    await tx.delete(moneyRequests).where(eq(moneyRequests.customerId, customerId));
    await tx.delete(retainedCustomerRecords).where(eq(retainedCustomerRecords.customerId, customerId));
    await tx.delete(customers).where(eq(customers.id, customerId));
  });
}

type RetainedTable =
  | typeof sessions
  | typeof accountTokens
  | typeof phoneVerifications
  | typeof outbox
  | typeof smsOutbox
  | typeof staffSessions
  | typeof staffEnrolments
  | typeof damageReports
  | typeof cases
  | typeof caseNotes;

/** Deletes the rows that match `condition`, `batchSize` at a time, by their primary key `key`. */
async function deleteInBatches(
  db: Database,
  table: RetainedTable,
  key: PgColumn,
  condition: SQL | undefined,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await db
      .delete(table)
      .where(inArray(key, db.select({ key }).from(table).where(condition).limit(batchSize)))
      .returning({ key });
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
  }
}

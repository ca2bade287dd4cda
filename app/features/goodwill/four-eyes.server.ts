import { and, eq, gt, isNull, sql, type AnyColumn } from 'drizzle-orm';
import { business } from '~/config/business';
import type { Database } from '~/db/client.server';
import { moneyRequests, staffAccounts, voucherBatches } from '~/db/schema';

/**
 * The four-eyes rules that span requests and batches (docs/rules/back-office.md#money): a budget of
 * what one staff member books alone, and who may not be the second person for whom.
 */

/**
 * Makes one staff member's bookings run one after the other until commit, so that two of them at once
 * cannot both count the budget without the other (a transaction-scoped advisory lock).
 */
export async function lockStaffBudget(tx: Database, staffId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`money-self:${staffId}`}, 0))`);
}

/**
 * What the staff member booked without a second person since `since`: credits and refunds they
 * requested and that were booked at once, and voucher batches they created that needed no approval.
 */
export async function selfApprovedCents(tx: Database, staffId: string, since: Date): Promise<number> {
  const [requests] = await tx
    .select({ cents: sql<number>`coalesce(sum(${moneyRequests.amountCents}), 0)::int` })
    .from(moneyRequests)
    .where(
      and(
        eq(moneyRequests.requestedByStaffId, staffId),
        eq(moneyRequests.state, 'booked'),
        sql`${moneyRequests.decidedByStaffId} = ${moneyRequests.requestedByStaffId}`,
        gt(moneyRequests.requestedAt, since),
      ),
    );
  const [batches] = await tx
    .select({ cents: sql<number>`coalesce(sum(${voucherBatches.count} * ${voucherBatches.valueCents}), 0)::bigint` })
    .from(voucherBatches)
    .where(
      and(
        eq(voucherBatches.createdByStaffId, staffId),
        eq(voucherBatches.state, 'approved'),
        isNull(voucherBatches.decidedByStaffId),
        gt(voucherBatches.createdAt, since),
      ),
    );
  return Number(requests?.cents ?? 0) + Number(batches?.cents ?? 0);
}

/**
 * Whether `amountCents` more would take the staff member beyond what they may book alone
 * (`budgetCents`, the setting in force: features/back-office-settings).
 */
export function beyondStaffBudget(amountCents: number, alreadyCents: number, budgetCents: number): boolean {
  return amountCents + alreadyCents > budgetCents;
}

/** The start of the rolling window that ends at `now`. */
export function rollingWindowStart(now: Date): Date {
  return new Date(now.getTime() - business.backOffice.rollingTotalHours * 3_600_000);
}

/**
 * SQL: neither the staff member `actorStaffId` nor the one whose id is in `requester` created or last
 * enrolled the other's account. Whoever created an account or issued its enrolment link may have
 * enrolled it themselves and act as it, so the two may be one person, whichever of them asked: an
 * admin is no second pair of eyes for an account they set up, and it is none for them.
 */
export function notSetUpByEachOther(requester: AnyColumn, actorStaffId: string) {
  return sql`not exists (select 1 from ${staffAccounts} where
    (${staffAccounts.id}::text = ${requester}
      and (${staffAccounts.createdBy} = ${actorStaffId}::uuid or ${staffAccounts.enrolledBy} = ${actorStaffId}::uuid))
    or (${staffAccounts.id} = ${actorStaffId}::uuid
      and (${staffAccounts.createdBy}::text = ${requester} or ${staffAccounts.enrolledBy}::text = ${requester})))`;
}

/**
 * Whether the staff member may be the second person for a request or batch of `requesterStaffId`: not
 * the requester, and neither set up the other's account (`notSetUpByEachOther`, read for one pair).
 */
export async function isSecondPerson(tx: Database, requesterStaffId: string, actorStaffId: string): Promise<boolean> {
  if (requesterStaffId === actorStaffId) return false;
  const rows = await tx
    .select({ id: staffAccounts.id, createdBy: staffAccounts.createdBy, enrolledBy: staffAccounts.enrolledBy })
    .from(staffAccounts)
    .where(sql`${staffAccounts.id}::text in (${requesterStaffId}, ${actorStaffId})`);
  const handles = (handler: string, handled: string) =>
    rows.some((row) => row.id === handled && (row.createdBy === handler || row.enrolledBy === handler));
  return !handles(actorStaffId, requesterStaffId) && !handles(requesterStaffId, actorStaffId);
}

import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { business } from '~/config/business';
import { voucherBatches, vouchers } from '~/db/schema';
import { recordAudit } from '~/features/audit/public.server';
import { fourEyesAmounts } from '~/features/back-office-settings/public.server';
import { normalizeVoucherCode } from '~/features/credit/public';
import type { Locale } from '~/i18n/locales';
import { formatNumericInstant, formatPlainAmount } from '~/i18n/intl-formats';
import { berlinDate } from '~/platform/berlin-date';
import { csvField } from '~/shared/csv/csv-field';
import type { Database } from '~/db/client.server';
import {
  beyondStaffBudget,
  isSecondPerson,
  lockStaffBudget,
  notSetUpByEachOther,
  rollingWindowStart,
  selfApprovedCents,
} from './four-eyes.server';
import { isFormToken, isUuid, type MoneyContext, type StaffActor } from './money-requests.server';

/**
 * Voucher batches (docs/rules/back-office.md#money): staff create a number of codes of one value and
 * expiry at once, in the format customers already redeem (docs/rules/credit-and-payment.md#voucher-codes),
 * and export them as CSV for print or a partner. A batch's codes are ordinary rows of `vouchers`, so
 * the existing redemption credits them. A batch worth more in total than the four-eyes amount for
 * batches (an admin's setting, features/back-office-settings), or one that takes its creator beyond
 * their budget, waits for a second staff member (finance or admin, not the creator): until it is
 * approved its codes are neither redeemable nor exported.
 */

export type VoucherBatch = typeof voucherBatches.$inferSelect;

export interface VoucherBatchInput {
  count: number;
  valueCents: number;
  /** Last day a code can be redeemed, `yyyy-mm-dd` (Europe/Berlin). */
  expiresOn: string;
  /** The form's one-time token: a second submit of the same form answers the batch made the first time. */
  formToken?: string;
}

export type BatchOutcome =
  | { ok: true; batch: VoucherBatch; repeated?: boolean }
  | { ok: false; error: 'count' | 'value' | 'expiry' | 'form-token' };

/**
 * Whether a batch of this count and value waits for a second staff member's approval, given the
 * four-eyes amount for batches in force (`aboveCents`).
 */
export function batchNeedsApproval(count: number, valueCents: number, aboveCents: number): boolean {
  return count * valueCents > aboveCents;
}

/**
 * Letters and digits that cannot be mistaken for each other on paper (no 0/O, 1/I/L): 31 characters,
 * so a 12-character code carries 59 random bits — guessing one against the redemption limits
 * (credit/vouchers.server.ts) is hopeless.
 */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new random code in the voucher format, `ABCD-EFGH-JKLM`. */
export function newVoucherCode(): string {
  let compact = '';
  for (let index = 0; index < 12; index++) compact += alphabet[randomInt(alphabet.length)];
  const code = normalizeVoucherCode(compact);
  if (!code) throw new Error('A generated voucher code does not follow the voucher format');
  return code;
}

const insertChunk = 1000;

/**
 * Creates a batch and its codes in one transaction: all of them or none. A code that happens to exist
 * already is skipped by the insert and drawn again.
 */
export async function createVoucherBatch(
  ctx: MoneyContext,
  actor: StaffActor,
  input: VoucherBatchInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<BatchOutcome> {
  const { maxCount, maxValueCents, maxYearsAhead } = business.backOffice.voucherBatch;
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > maxCount) return { ok: false, error: 'count' };
  if (!Number.isInteger(input.valueCents) || input.valueCents < 1 || input.valueCents > maxValueCents) {
    return { ok: false, error: 'value' };
  }
  const today = berlinDate(now);
  const latest = `${Number(today.slice(0, 4)) + maxYearsAhead}${today.slice(4)}`;
  if (!isCalendarDate(input.expiresOn) || input.expiresOn < today || input.expiresOn > latest) {
    return { ok: false, error: 'expiry' };
  }

  if (input.formToken !== undefined && !isFormToken(input.formToken)) return { ok: false, error: 'form-token' };

  return ctx.db.transaction(async (tx): Promise<BatchOutcome> => {
    await lockStaffBudget(tx, actor.staffId);
    const limits = await fourEyesAmounts(tx);
    const staffCents = await selfApprovedCents(tx, actor.staffId, rollingWindowStart(now));
    const approval =
      batchNeedsApproval(input.count, input.valueCents, limits.voucherBatchAboveCents) ||
      beyondStaffBudget(input.count * input.valueCents, staffCents, limits.selfApprovedPerStaffCents);
    const [batch] = await tx
      .insert(voucherBatches)
      .values({
        count: input.count,
        valueCents: input.valueCents,
        expiresOn: input.expiresOn,
        createdByStaffId: actor.staffId,
        createdAt: now,
        state: approval ? 'pending' : 'approved',
        formToken: input.formToken ?? null,
      })
      .onConflictDoNothing({ target: voucherBatches.formToken })
      .returning();
    if (!batch) {
      // The token was used: a double submit of the same form. Another staff member's token is refused.
      const [existing] = await tx.select().from(voucherBatches).where(eq(voucherBatches.formToken, input.formToken!));
      return existing && existing.createdByStaffId === actor.staffId
        ? { ok: true, batch: existing, repeated: true }
        : { ok: false, error: 'form-token' };
    }
    let missing = input.count;
    while (missing > 0) {
      const codes = new Set<string>();
      while (codes.size < Math.min(missing, insertChunk)) codes.add(newVoucherCode());
      const inserted = await tx
        .insert(vouchers)
        .values(
          [...codes].map((code) => ({
            code,
            valueCents: input.valueCents,
            expiresOn: input.expiresOn,
            batchId: batch.id,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ code: vouchers.code });
      missing -= inserted.length;
    }
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'voucher-batch.create',
        subjectType: 'voucher_batch',
        subjectId: batch.id,
        after: {
          count: input.count,
          valueCents: input.valueCents,
          expiresOn: input.expiresOn,
          state: batch.state,
          staffSelfApprovedCents: staffCents,
          limits,
        },
      },
      actor.origin,
    );
    return { ok: true, batch };
  });
}

/** Batches newest first, with how many of their codes were redeemed. */
export async function listVoucherBatches(
  ctx: MoneyContext,
  {
    page: requested = 1,
    pageSize = business.backOffice.pageSize,
    state,
  }: { page?: number; pageSize?: number; state?: VoucherBatch['state'] } = {},
) {
  const size = Math.min(Math.max(1, pageSize), business.backOffice.maxPageSize);
  const where = state ? eq(voucherBatches.state, state) : undefined;
  const [count] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(voucherBatches)
    .where(where);
  const total = Number(count?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Number.isInteger(requested) ? requested : 1), pageCount);
  const batches = await ctx.db
    .select()
    .from(voucherBatches)
    .where(where)
    .orderBy(desc(voucherBatches.createdAt), desc(voucherBatches.id))
    .limit(size)
    .offset((page - 1) * size);
  const redeemed = batches.length
    ? await ctx.db
        .select({ batchId: vouchers.batchId, redeemed: sql<number>`count(${vouchers.redeemedAt})::int` })
        .from(vouchers)
        .where(
          inArray(
            vouchers.batchId,
            batches.map((batch) => batch.id),
          ),
        )
        .groupBy(vouchers.batchId)
    : [];
  const redeemedOf = new Map(redeemed.map((row) => [row.batchId, Number(row.redeemed)]));
  return {
    batches: batches.map((batch) => ({ ...batch, redeemedCount: redeemedOf.get(batch.id) ?? 0 })),
    page,
    pageCount,
    total,
  };
}

const headers: Record<Locale, string[]> = {
  de: ['Code', 'Wert (EUR)', 'Gültig bis', 'Eingelöst', 'Eingelöst am'],
  en: ['Code', 'Value (EUR)', 'Valid until', 'Redeemed', 'Redeemed at'],
};
const separators: Record<Locale, string> = { de: ';', en: ',' };
const yesNo: Record<Locale, [string, string]> = { de: ['ja', 'nein'], en: ['yes', 'no'] };

/**
 * A batch's codes as CSV, in the form of the credit statement (UTF-8 with byte order mark, CRLF, the
 * language's separator and decimal mark; docs/decisions/0008), every text field defused against
 * formula injection. The export is audited: it hands out redeemable codes. Null for an unknown batch.
 */
export async function exportVoucherBatchCsv(
  ctx: MoneyContext,
  actor: StaffActor,
  batchId: string,
  locale: Locale,
): Promise<ExportOutcome> {
  if (!isUuid(batchId)) return { ok: false, error: 'not-found' };
  return ctx.db.transaction(async (tx): Promise<ExportOutcome> => {
    const [batch] = await tx.select().from(voucherBatches).where(eq(voucherBatches.id, batchId));
    if (!batch) return { ok: false, error: 'not-found' };
    // Codes of a batch that waits for approval, or was rejected, are handed out to nobody.
    if (batch.state !== 'approved') return { ok: false, error: 'not-approved' };
    const rows = await tx.select().from(vouchers).where(eq(vouchers.batchId, batchId)).orderBy(asc(vouchers.code));
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'voucher-batch.export',
        subjectType: 'voucher_batch',
        subjectId: batchId,
        after: { codes: rows.length },
      },
      actor.origin,
    );
    const separator = separators[locale];
    const [yes, no] = yesNo[locale];
    const line = (cells: string[], numeric = -1) =>
      cells.map((cell, index) => csvField(cell, separator, { numeric: index === numeric })).join(separator);
    const lines = [
      line(headers[locale]),
      ...rows.map((row) =>
        line(
          [
            row.code,
            formatPlainAmount(row.valueCents, locale),
            row.expiresOn,
            row.redeemedAt ? yes : no,
            row.redeemedAt ? formatNumericInstant(row.redeemedAt, locale) : '',
          ],
          1,
        ),
      ),
    ];
    return { ok: true, csv: '\uFEFF' + lines.join('\r\n') + '\r\n' };
  });
}

export type ExportOutcome = { ok: true; csv: string } | { ok: false; error: 'not-found' | 'not-approved' };

/**
 * One batch with how many of its codes were redeemed, or null. A staff member's view of it is recorded
 * (`voucher-batch.view`), as every money and voucher view is (docs/rules/back-office.md#audit-log): it
 * is the page from which a batch is approved and its codes exported.
 */
export async function viewVoucherBatch(ctx: MoneyContext, viewer: StaffActor, batchId: string) {
  if (!isUuid(batchId)) return null;
  return ctx.db.transaction(async (tx) => {
    const [batch] = await tx.select().from(voucherBatches).where(eq(voucherBatches.id, batchId));
    if (!batch) return null;
    const [redeemed] = await tx
      .select({ count: sql<number>`count(${vouchers.redeemedAt})::int` })
      .from(vouchers)
      .where(eq(vouchers.batchId, batchId));
    await recordAudit(
      tx,
      { actorStaffId: viewer.staffId, action: 'voucher-batch.view', subjectType: 'voucher_batch', subjectId: batchId },
      viewer.origin,
    );
    const decidable = batch.state === 'pending' && (await isSecondPerson(tx, batch.createdByStaffId, viewer.staffId));
    return { ...batch, redeemedCount: Number(redeemed?.count ?? 0), decidable };
  });
}

export type BatchDecisionOutcome =
  { ok: true; batch: VoucherBatch } | { ok: false; error: 'not-found' | 'role' | 'own-batch' | 'decided' | 'reason' };

/**
 * Approves a pending batch: from then on its codes can be redeemed and exported. Only finance or admin,
 * never the creator; claimed with one conditional UPDATE, so two decisions at once count once.
 */
export async function approveVoucherBatch(
  ctx: MoneyContext,
  actor: StaffActor,
  batchId: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<BatchDecisionOutcome> {
  return decideBatch(ctx, actor, batchId, { state: 'approved', now });
}

/** Rejects a pending batch, with a reason: its codes stay unredeemable and are never exported. */
export async function rejectVoucherBatch(
  ctx: MoneyContext,
  actor: StaffActor,
  batchId: string,
  { reason, now = new Date() }: { reason: string; now?: Date },
): Promise<BatchDecisionOutcome> {
  const text = reason.trim();
  if (text.length < 3 || text.length > business.backOffice.reasonMaxLength) return { ok: false, error: 'reason' };
  return decideBatch(ctx, actor, batchId, { state: 'rejected', reason: text, now });
}

async function decideBatch(
  ctx: MoneyContext,
  actor: StaffActor,
  batchId: string,
  decision: { state: 'approved' | 'rejected'; reason?: string; now: Date },
): Promise<BatchDecisionOutcome> {
  if (actor.role !== 'finance' && actor.role !== 'admin') return { ok: false, error: 'role' };
  if (!isUuid(batchId)) return { ok: false, error: 'not-found' };
  return ctx.db.transaction(async (tx): Promise<BatchDecisionOutcome> => {
    const [decided] = await tx
      .update(voucherBatches)
      .set({
        state: decision.state,
        decidedByStaffId: actor.staffId,
        decidedAt: decision.now,
        rejectionReason: decision.reason ?? null,
      })
      .where(
        and(
          eq(voucherBatches.id, batchId),
          eq(voucherBatches.state, 'pending'),
          sql`${voucherBatches.createdByStaffId} <> ${actor.staffId}`,
          notSetUpByEachOther(voucherBatches.createdByStaffId, actor.staffId),
        ),
      )
      .returning();
    if (!decided) return { ok: false, error: await whyNotBatch(tx, batchId, actor) };
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: decision.state === 'approved' ? 'voucher-batch.approve' : 'voucher-batch.reject',
        subjectType: 'voucher_batch',
        subjectId: batchId,
        before: { state: 'pending' },
        after: decision.reason ? { state: decision.state, reason: decision.reason } : { state: decision.state },
      },
      actor.origin,
    );
    return { ok: true, batch: decided };
  });
}

async function whyNotBatch(
  tx: Database,
  batchId: string,
  actor: StaffActor,
): Promise<'not-found' | 'own-batch' | 'decided'> {
  const [row] = await tx.select().from(voucherBatches).where(eq(voucherBatches.id, batchId));
  if (!row) return 'not-found';
  if (row.state !== 'pending') return 'decided';
  return (await isSecondPerson(tx, row.createdByStaffId, actor.staffId)) ? 'decided' : 'own-batch';
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

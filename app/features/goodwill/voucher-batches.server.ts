import { randomInt } from 'node:crypto';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { business } from '~/config/business';
import { voucherBatches, vouchers } from '~/db/schema';
import { recordAudit } from '~/features/audit/public.server';
import { normalizeVoucherCode } from '~/features/credit/public';
import type { Locale } from '~/i18n/locales';
import { formatNumericInstant, formatPlainAmount } from '~/i18n/intl-formats';
import { berlinDate } from '~/platform/berlin-date';
import { csvField } from '~/shared/csv/csv-field';
import type { MoneyContext, StaffActor } from './money-requests.server';

/**
 * Voucher batches (docs/rules/back-office.md#money): staff create a number of codes of one value and
 * expiry at once, in the format customers already redeem (docs/rules/credit-and-payment.md#voucher-codes),
 * and export them as CSV for print or a partner. A batch's codes are ordinary rows of `vouchers`, so
 * the existing redemption credits them.
 */

export type VoucherBatch = typeof voucherBatches.$inferSelect;

export interface VoucherBatchInput {
  count: number;
  valueCents: number;
  /** Last day a code can be redeemed, `yyyy-mm-dd` (Europe/Berlin). */
  expiresOn: string;
}

export type BatchOutcome = { ok: true; batch: VoucherBatch } | { ok: false; error: 'count' | 'value' | 'expiry' };

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

  return ctx.db.transaction(async (tx): Promise<BatchOutcome> => {
    const [batch] = await tx
      .insert(voucherBatches)
      .values({ ...input, createdByStaffId: actor.staffId, createdAt: now })
      .returning();
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
            batchId: batch!.id,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ code: vouchers.code });
      missing -= inserted.length;
    }
    await recordAudit(tx, {
      actorStaffId: actor.staffId,
      action: 'voucher-batch.create',
      subjectType: 'voucher_batch',
      subjectId: batch!.id,
      after: { count: input.count, valueCents: input.valueCents, expiresOn: input.expiresOn },
    });
    return { ok: true, batch: batch! };
  });
}

/** Batches newest first, with how many of their codes were redeemed. */
export async function listVoucherBatches(
  ctx: MoneyContext,
  { page: requested = 1, pageSize = business.backOffice.pageSize }: { page?: number; pageSize?: number } = {},
) {
  const size = Math.min(Math.max(1, pageSize), business.backOffice.maxPageSize);
  const [count] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(voucherBatches);
  const total = Number(count?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Number.isInteger(requested) ? requested : 1), pageCount);
  const batches = await ctx.db
    .select()
    .from(voucherBatches)
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
): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(batchId)) return null;
  return ctx.db.transaction(async (tx) => {
    const [batch] = await tx.select().from(voucherBatches).where(eq(voucherBatches.id, batchId));
    if (!batch) return null;
    const rows = await tx.select().from(vouchers).where(eq(vouchers.batchId, batchId)).orderBy(asc(vouchers.code));
    await recordAudit(tx, {
      actorStaffId: actor.staffId,
      action: 'voucher-batch.export',
      subjectType: 'voucher_batch',
      subjectId: batchId,
      after: { codes: rows.length },
    });
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
    return '\uFEFF' + lines.join('\r\n') + '\r\n';
  });
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

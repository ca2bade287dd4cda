import { and, eq, isNull, sql } from 'drizzle-orm';
import { payment } from '~/config/payment';
import type { Database } from '~/db/client.server';
import { creditLedger, voucherBatches, vouchers } from '~/db/schema';
import { berlinDate } from '~/platform/berlin-date';
import { releaseAttempt, reserveAttempt, type LimitedKey } from '~/platform/rate-limit/attempts';
import type { RateLimitStore } from '~/platform/rate-limit/store';
import { addressGroup } from '~/shared/security/address-group.server';

export type RedemptionOutcome =
  | { ok: true; code: string; valueCents: number }
  | {
      ok: false;
      error: 'credit.voucher.unknown' | 'credit.voucher.expired' | 'credit.voucher.used' | 'credit.voucher.wait';
      retryAfterMinutes?: number;
    };

const { failuresPerCustomer, failuresPerIp, failureWindowMs, blockMs } = payment.voucher;
/** The address first: reserveAttempt asks the keys in this order. */
const failureLimits = (customerId: string, ip: string): LimitedKey[] => [
  {
    key: `voucher-fail-ip:${addressGroup(ip)}`,
    limit: { attempts: failuresPerIp, windowMs: failureWindowMs, waitsMs: [blockMs] },
  },
  {
    key: `voucher-fail:${customerId}`,
    limit: { attempts: failuresPerCustomer, windowMs: failureWindowMs, waitsMs: [blockMs] },
  },
];

/**
 * Redeems a voucher code (already normalised) for the customer.
 *
 * The code is claimed with one conditional UPDATE … WHERE redeemed_at IS NULL … RETURNING, in the
 * same transaction as the ledger entry: of two redemptions at the same moment, PostgreSQL lets the
 * second UPDATE wait for the first, re-checks its condition and finds the code taken — so a code
 * credits once, on PostgreSQL and on PGlite (which runs one transaction at a time) alike. Only when
 * nothing was claimed does a second look tell unknown, expired and used apart.
 *
 * Failed attempts count per customer and per IP address; past the limit redemption waits (an hour by
 * default), which makes guessing codes hopeless. Each attempt is counted as a failure before the code
 * is looked up and given back when it credits, so codes sent together are not all looked up before
 * the first failure counts: at most as many as the limits have left.
 */
export async function redeemVoucher(
  ctx: { db: Database; rateLimits: RateLimitStore },
  customerId: string,
  code: string,
  meta: { ip: string; now?: Date },
): Promise<RedemptionOutcome> {
  const now = meta.now ?? new Date();
  const limits = failureLimits(customerId, meta.ip);
  const gate = await reserveAttempt(ctx.rateLimits, limits);
  if (!gate.allowed) {
    return { ok: false, error: 'credit.voucher.wait', retryAfterMinutes: Math.ceil(gate.retryAfterMs / 60_000) };
  }

  const outcome = await claimVoucher(ctx.db, customerId, code, now).catch(async (error: unknown) => {
    // Not a failed guess: the database did not answer.
    await releaseAttempt(ctx.rateLimits, limits);
    throw error;
  });
  if (outcome.ok) await releaseAttempt(ctx.rateLimits, limits);
  return outcome;
}

/**
 * A code made outside a batch, or of a batch a second staff member approved (docs/rules/back-office.md#money):
 * codes of a pending or rejected batch cannot be redeemed.
 */
const releasedBatch = sql`(${vouchers.batchId} is null or exists (select 1 from ${voucherBatches} where ${voucherBatches.id} = ${vouchers.batchId} and ${voucherBatches.state} = 'approved'))`;

async function claimVoucher(db: Database, customerId: string, code: string, now: Date): Promise<RedemptionOutcome> {
  const today = berlinDate(now);
  return db.transaction(async (tx): Promise<RedemptionOutcome> => {
    const [claimed] = await tx
      .update(vouchers)
      .set({ redeemedAt: now, redeemedBy: customerId })
      .where(
        and(
          eq(vouchers.code, code),
          isNull(vouchers.redeemedAt),
          sql`${vouchers.expiresOn} >= ${today}::date`,
          releasedBatch,
        ),
      )
      .returning({ valueCents: vouchers.valueCents });
    if (claimed) {
      await tx.insert(creditLedger).values({
        customerId,
        kind: 'voucher',
        amountCents: claimed.valueCents,
        reference: code,
        createdAt: now,
      });
      return { ok: true, code, valueCents: claimed.valueCents };
    }
    const [voucher] = await tx
      .select({ redeemedAt: vouchers.redeemedAt, expiresOn: vouchers.expiresOn })
      .from(vouchers)
      .where(and(eq(vouchers.code, code), releasedBatch));
    // A code of a batch still waiting for approval, or rejected, is as unknown as one never made.
    if (!voucher) return { ok: false, error: 'credit.voucher.unknown' };
    if (voucher.redeemedAt) return { ok: false, error: 'credit.voucher.used' };
    return { ok: false, error: 'credit.voucher.expired' };
  });
}

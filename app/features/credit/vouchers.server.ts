import { and, eq, isNull, sql } from 'drizzle-orm';
import { payment } from '~/config/payment';
import type { Database } from '~/db/client.server';
import { creditLedger, vouchers } from '~/db/schema';
import { berlinDate } from '~/platform/berlin-date';
import type { RateLimitStore } from '~/platform/rate-limit/store';

export type RedemptionOutcome =
  | { ok: true; code: string; valueCents: number }
  | {
      ok: false;
      error: 'credit.voucher.unknown' | 'credit.voucher.expired' | 'credit.voucher.used' | 'credit.voucher.wait';
      retryAfterMinutes?: number;
    };

const customerKey = (customerId: string) => `voucher-fail:${customerId}`;
const ipKey = (ip: string) => `voucher-fail-ip:${ip}`;

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
 * default), which makes guessing codes hopeless.
 */
export async function redeemVoucher(
  ctx: { db: Database; rateLimits: RateLimitStore },
  customerId: string,
  code: string,
  meta: { ip: string; now?: Date },
): Promise<RedemptionOutcome> {
  const now = meta.now ?? new Date();
  const wait = Math.max(
    await ctx.rateLimits.blockedFor(customerKey(customerId)),
    await ctx.rateLimits.blockedFor(ipKey(meta.ip)),
  );
  if (wait > 0) return { ok: false, error: 'credit.voucher.wait', retryAfterMinutes: Math.ceil(wait / 60_000) };

  const today = berlinDate(now);
  const outcome = await ctx.db.transaction(async (tx): Promise<RedemptionOutcome> => {
    const [claimed] = await tx
      .update(vouchers)
      .set({ redeemedAt: now, redeemedBy: customerId })
      .where(and(eq(vouchers.code, code), isNull(vouchers.redeemedAt), sql`${vouchers.expiresOn} >= ${today}::date`))
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
      .where(eq(vouchers.code, code));
    if (!voucher) return { ok: false, error: 'credit.voucher.unknown' };
    if (voucher.redeemedAt) return { ok: false, error: 'credit.voucher.used' };
    return { ok: false, error: 'credit.voucher.expired' };
  });

  if (!outcome.ok) await recordFailure(ctx.rateLimits, customerId, meta.ip);
  return outcome;
}

async function recordFailure(store: RateLimitStore, customerId: string, ip: string): Promise<void> {
  const { failuresPerCustomer, failuresPerIp, failureWindowMs, blockMs } = payment.voucher;
  if ((await store.increment(customerKey(customerId), failureWindowMs)) >= failuresPerCustomer) {
    await store.block(customerKey(customerId), blockMs);
  }
  if ((await store.increment(ipKey(ip), failureWindowMs)) >= failuresPerIp) await store.block(ipKey(ip), blockMs);
}

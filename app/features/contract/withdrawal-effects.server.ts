import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { baseFeeCharges, contracts, creditLedger, payouts, tariffChanges, tariffs } from '~/db/schema';
import { activePaymentMethod } from '~/features/payment/public.server';
import { berlinDate } from '~/platform/berlin-date';
import { addDays } from './calendar';
import { decideEndDate, earliestEndDate } from './cancellation-rules';
import { contractSettings } from './contract-settings';
import { contractFinished } from './contract-state';
import type { WithdrawalResult } from './withdrawal-mails';
import { baseFeeRefundCents, withdrawalDeadline, withinWithdrawalPeriod } from './withdrawal-rules';

type ContractRow = typeof contracts.$inferSelect;

/**
 * What a withdrawal received at `receivedAt` does to `contract` (locked by the caller's transaction
 * `tx`), judged as the contract stood when it arrived (docs/rules/contract-and-cancellation.md#withdrawal):
 * within the period the contract ends on the day of receipt (also when it has ended since), the base
 * fees for the days from then on are refunded and the money the customer paid in and has not used is
 * set to be paid out; after the period, a running contract is cancelled to the earliest possible date;
 * a contract that had ended, or not yet begun, stays as it is. Used for a declaration that matched on
 * arrival and for one staff assign later (`now`).
 */
export async function applyWithdrawal(
  tx: Database,
  contract: ContractRow,
  { reference, receivedAt, now = receivedAt }: { reference: string; receivedAt: Date; now?: Date },
): Promise<WithdrawalResult> {
  const receivedOn = berlinDate(receivedAt);
  const unchanged = { appliedAs: null, endDate: contract.endDate } as const;
  const endedBeforeReceipt = contract.state === 'ended' && contract.endDate !== null && contract.endDate < receivedOn;
  if (contract.state === 'withdrawn' || receivedOn < contract.startDate || endedBeforeReceipt) return unchanged;

  if (!withinWithdrawalPeriod(contract.startDate, receivedOn)) {
    if (contractFinished(contract.state)) return unchanged;
    const [tariff] = await tx.select().from(tariffs).where(eq(tariffs.id, contract.tariffId));
    if (!tariff) throw new Error(`Contract ${contract.id} names an unknown tariff`);
    const decision = decideEndDate(earliestEndDate(tariff, contract.tariffSince, receivedOn), null, 'adjust');
    if (!decision.ok) throw new Error('An adjusting end-date decision refused');
    await tx
      .update(contracts)
      .set({ state: 'cancellation_requested', endDate: decision.endDate })
      .where(eq(contracts.id, contract.id));
    return { appliedAs: 'cancellation', endDate: decision.endDate, deadline: withdrawalDeadline(contract.startDate) };
  }

  await tx.update(contracts).set({ state: 'withdrawn', endDate: receivedOn }).where(eq(contracts.id, contract.id));
  await tx
    .update(tariffChanges)
    .set({ state: 'withdrawn', settledAt: now })
    .where(and(eq(tariffChanges.contractId, contract.id), eq(tariffChanges.state, 'pending')));

  const charges = await tx
    .select()
    .from(baseFeeCharges)
    .where(and(eq(baseFeeCharges.contractId, contract.id), gte(baseFeeCharges.periodEnd, receivedOn)));
  const refundCents = charges.reduce((sum, charge) => sum + baseFeeRefundCents(charge, receivedOn), 0);
  if (refundCents > 0) {
    await tx
      .insert(creditLedger)
      .values({ customerId: contract.customerId, kind: 'refund', amountCents: refundCents, reference });
  }

  const { balanceCents, paidInCents } = await moneyOnAccount(tx, contract.customerId);
  // Only money paid in comes back: credit from vouchers, bonuses and goodwill is no payment and stays on
  // the account (it was never the customer's money to return, and paying it out would turn it into cash).
  const payoutCents = Math.min(balanceCents, paidInCents);
  let payout: Extract<WithdrawalResult, { appliedAs: 'withdrawal' }>['payout'] = null;
  if (payoutCents > 0) {
    const method = await activePaymentMethod(tx, contract.customerId);
    const methodLabel = method ? method.display : null;
    // Due 14 days after receipt; a declaration staff assign later is due at once.
    const due = addDays(receivedOn, contractSettings.payoutWithinDays);
    const today = berlinDate(now);
    const dueBy = due < today ? today : due;
    const [entry] = await tx
      .insert(creditLedger)
      .values({ customerId: contract.customerId, kind: 'payout', amountCents: -payoutCents, reference })
      .returning({ id: creditLedger.id });
    await tx.insert(payouts).values({
      customerId: contract.customerId,
      ledgerEntryId: entry!.id,
      amountCents: payoutCents,
      reference,
      methodLabel,
      dueBy,
    });
    payout = { amountCents: payoutCents, dueBy, methodLabel };
  }
  const keptCreditCents = Math.max(0, balanceCents - Math.max(0, payoutCents));
  return { appliedAs: 'withdrawal', endDate: receivedOn, refundCents, payout, keptCreditCents };
}

/**
 * The balance, and how much of the money the customer paid in (top-ups and refunds of what they paid)
 * has not been paid out yet.
 */
async function moneyOnAccount(tx: Database, customerId: string) {
  const [row] = await tx
    .select({
      balance: sql<number>`coalesce(sum(${creditLedger.amountCents}), 0)::int`,
      paidIn: sql<number>`coalesce(sum(case when ${creditLedger.kind} in ('top_up', 'refund', 'payout')
        then ${creditLedger.amountCents} else 0 end), 0)::int`,
    })
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId));
  return { balanceCents: Number(row?.balance ?? 0), paidInCents: Number(row?.paidIn ?? 0) };
}

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
 * `tx`): within the period the contract ends at once, the base fees for the days from the withdrawal on
 * are refunded and a positive balance is set to be paid out; after it, the declaration is a
 * cancellation to the earliest possible date; an ended contract stays as it is. Used for a declaration
 * that matched on arrival and for one staff assign later, which counts from its received time too.
 */
export async function applyWithdrawal(
  tx: Database,
  contract: ContractRow,
  { reference, receivedAt }: { reference: string; receivedAt: Date },
): Promise<WithdrawalResult> {
  const receivedOn = berlinDate(receivedAt);
  if (contractFinished(contract.state)) return { appliedAs: null, endDate: contract.endDate };

  if (!withinWithdrawalPeriod(contract.startDate, receivedOn)) {
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
    .set({ state: 'withdrawn', settledAt: receivedAt })
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

  const [balance] = await tx
    .select({ cents: sql<number>`coalesce(sum(${creditLedger.amountCents}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.customerId, contract.customerId));
  const balanceCents = Number(balance?.cents ?? 0);
  let payout: Extract<WithdrawalResult, { appliedAs: 'withdrawal' }>['payout'] = null;
  if (balanceCents > 0) {
    const method = await activePaymentMethod(tx, contract.customerId);
    const methodLabel = method ? method.display : null;
    const dueBy = addDays(receivedOn, contractSettings.payoutWithinDays);
    const [entry] = await tx
      .insert(creditLedger)
      .values({ customerId: contract.customerId, kind: 'payout', amountCents: -balanceCents, reference })
      .returning({ id: creditLedger.id });
    await tx.insert(payouts).values({
      customerId: contract.customerId,
      ledgerEntryId: entry!.id,
      amountCents: balanceCents,
      reference,
      methodLabel,
      dueBy,
    });
    payout = { amountCents: balanceCents, dueBy, methodLabel };
  }
  return { appliedAs: 'withdrawal', endDate: receivedOn, refundCents, payout };
}

import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import {
  baseFeeCharges,
  cancellations,
  contracts,
  creditLedger,
  customers,
  payouts,
  tariffChanges,
  tariffs,
} from '~/db/schema';
import { mailLink, type AccountContext } from '~/features/accounts/public.server';
import { activePaymentMethod } from '~/features/payment/public.server';
import { isUniqueViolation } from '~/db/errors';
import type { Locale } from '~/i18n/locales';
import { berlinDate } from '~/platform/berlin-date';
import type { RateLimitStore } from '~/platform/rate-limit/store';
import { enqueueMail } from '~/shared/mail/outbox.server';
import type { RenderedMail } from '~/shared/mail/templates';
import { addressGroup } from '~/shared/security/address-group.server';
import { addDays } from './calendar';
import { decideEndDate, earliestEndDate } from './cancellation-rules';
import { matchCustomer, newReference } from './cancellation.server';
import type { CancellationConfirmation } from './confirmation';
import { contractSettings } from './contract-settings';
import { contractFinished } from './contract-state';
import { settleContract } from './contract-settlement.server';
import type { Declaration } from './declaration';
import { confirmationOf, publicAnswer } from './declaration-confirmation.server';
import { declarationFingerprint, earlierDeclaration, releaseExpiredFingerprint } from './declaration-repeats.server';
import { withdrawalAcknowledgementMail, withdrawalNoticeMail, type WithdrawalResult } from './withdrawal-mails';
import { baseFeeRefundCents, withdrawalDeadline, withinWithdrawalPeriod } from './withdrawal-rules';

/**
 * The withdrawal function (§356a BGB; docs/rules/contract-and-cancellation.md#withdrawal). A
 * declaration is stored with its received time whether or not it matches an account, in the table of
 * cancellation declarations (kind `withdrawal`), so that the back office's queue, the repeat handling
 * and the confirmation address serve both. Its sender gets an acknowledgement that says nothing about
 * a match; a matched contract is withdrawn at once (within the period) or cancelled (after it), and
 * what that did goes to the account's own address.
 */

export interface WithdrawalDeclaration {
  name: string;
  /** Normalised: a lower-case email address or a customer number of digits. */
  identifier: string;
  /** The contract as the form names it (the brand's contract, translated). */
  contractLabel: string;
  confirmationEmail: string;
}

/** Who sends it: the public page, with the client's address and the session's customer, if any. */
export interface WithdrawalSender {
  sessionCustomerId: string | null;
  clientIp: string;
}

/** Public withdrawals per address group and hour, against scripted abuse of a form without login. */
export async function allowPublicWithdrawal(store: RateLimitStore, clientIp: string): Promise<boolean> {
  const limit = { max: contractSettings.publicCancellationsPerIpPerHour, windowMs: 60 * 60 * 1000 };
  return store.hit(`withdraw-ip:${addressGroup(clientIp)}`, limit);
}

/**
 * Stores a withdrawal, or answers a repeat of one with the first. The answer is the public one: what
 * was declared and when it arrived.
 */
export async function declareWithdrawal(
  ctx: AccountContext,
  input: WithdrawalDeclaration,
  sender: WithdrawalSender,
  { locale, now = new Date() }: { locale: Locale; now?: Date },
): Promise<CancellationConfirmation> {
  const declaration: Declaration = { kind: 'withdrawal', ...input };
  const fingerprint = declarationFingerprint(
    declaration,
    `public:${sender.clientIp}:${sender.sessionCustomerId ?? ''}`,
  );
  const earlier = await earlierDeclaration(ctx.db, fingerprint, now);
  if (earlier) return publicAnswer(earlier);
  await releaseExpiredFingerprint(ctx.db, fingerprint, now);

  const customerId = await matchCustomer(ctx.db, input.identifier, input.name);
  if (customerId) await settleContract(ctx.db, customerId, now);
  for (let attempt = 1; ; attempt++) {
    try {
      return await storeWithdrawal(ctx, declaration, customerId, { locale, now, fingerprint });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const stored = await earlierDeclaration(ctx.db, fingerprint, now);
      if (stored) return publicAnswer(stored);
      if (attempt >= 3) throw error;
    }
  }
}

async function storeWithdrawal(
  ctx: AccountContext,
  declaration: Declaration,
  customerId: string | null,
  { locale, now, fingerprint }: { locale: Locale; now: Date; fingerprint: string },
): Promise<CancellationConfirmation> {
  const reference = newReference();
  const { confirmation, mails } = await ctx.db.transaction(async (tx) => {
    const [contract] = customerId
      ? await tx.select().from(contracts).where(eq(contracts.customerId, customerId)).for('update')
      : [];
    const result = contract ? await applyWithdrawal(tx, contract, { reference, receivedAt: now }) : null;
    const [stored] = await tx
      .insert(cancellations)
      .values({
        reference,
        receivedAt: now,
        kind: 'withdrawal',
        name: declaration.name,
        identifier: declaration.identifier,
        contractLabel: declaration.contractLabel,
        effectiveEndDate: result?.endDate ?? null,
        confirmationEmail: declaration.confirmationEmail,
        locale,
        contractId: contract?.id ?? null,
        customerId: contract ? customerId : null,
        appliedAs: result?.appliedAs ?? null,
        submissionFingerprint: fingerprint,
      })
      .returning();
    const answer = publicAnswer(confirmationOf(stored!));
    const queued: { to: string; mail: RenderedMail }[] = [
      { to: declaration.confirmationEmail, mail: withdrawalAcknowledgementMail(answer, locale, ctx.brand) },
    ];
    if (contract && result) {
      const [holder] = await tx
        .select({ email: customers.email, firstName: customers.firstName, locale: customers.locale })
        .from(customers)
        .where(eq(customers.id, contract.customerId));
      if (holder) {
        queued.push({
          to: holder.email,
          mail: withdrawalNoticeMail(
            { firstName: holder.firstName, reference, receivedAt: now.toISOString(), result },
            mailLink(ctx.config, 'contract', holder.locale),
            holder.locale,
            ctx.brand,
          ),
        });
      }
    }
    for (const { to, mail } of queued) await enqueueMail(tx, to, mail);
    return { confirmation: answer, mails: queued };
  });
  for (const { to, mail } of mails) ctx.onMailQueued(to, mail.subject, mail.text);
  return confirmation;
}

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

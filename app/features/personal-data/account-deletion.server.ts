import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { contracts, creditLedger, customers } from '~/db/schema';
import { contractFinished, settleContract } from '~/features/contract/public.server';
import { type AccountContext, confirmRecentAuthentication } from '~/features/accounts/public.server';
import { enqueueMail } from '~/shared/mail/outbox.server';
import type { RenderedMail } from '~/shared/mail/templates';
import type { Actor } from './email-change.server';
import { renderPersonalDataMail } from './mails';

/**
 * Why an account cannot be deleted yet (docs/rules/personal-data.md#account-deletion): money owed, or a
 * contract still running.
 */
export type DeletionBlocker =
  | { reason: 'negative-balance'; balanceCents: number }
  | { reason: 'contract-not-ended'; state: 'active' | 'cancellation_requested'; endDate: string | null };

type Reader = Pick<Database, 'select'>;

export async function deletionBlockers(db: Reader, customerId: string): Promise<DeletionBlocker[]> {
  const [balance] = await db
    .select({ cents: sql<number>`coalesce(sum(${creditLedger.amountCents}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId));
  const [contract] = await db
    .select({ state: contracts.state, endDate: contracts.endDate })
    .from(contracts)
    .where(eq(contracts.customerId, customerId));
  const blockers: DeletionBlocker[] = [];
  const balanceCents = balance?.cents ?? 0;
  if (balanceCents < 0) blockers.push({ reason: 'negative-balance', balanceCents });
  if (contract && !contractFinished(contract.state)) {
    blockers.push({ reason: 'contract-not-ended', state: contract.state, endDate: contract.endDate });
  }
  return blockers;
}

export type DeletionOutcome =
  | { ok: true; requestedAt: Date }
  | { ok: false; blockers: DeletionBlocker[] }
  | { ok: false; field: 'currentPassword'; error: 'reauth.required' | 'reauth.wrong' }
  | { ok: false; error: 'reauth.wait' };

/**
 * Records a request to delete the account (operators carry it out) and confirms it by mail. Like
 * other sensitive changes it needs the password or a login in the last 15 minutes; it is refused,
 * with the reasons, while the balance is negative or the contract has not ended. Asking twice
 * keeps the first request and sends no second mail.
 */
export async function requestAccountDeletion(
  ctx: AccountContext,
  actor: Actor,
  input: { currentPassword?: string },
  now = new Date(),
): Promise<DeletionOutcome> {
  const customerId = actor.session.customerId;
  const reauth = await confirmRecentAuthentication(ctx, actor.session, input.currentPassword, actor.clientIp, now);
  if (!reauth.ok) {
    return reauth.error === 'reauth.wait'
      ? { ok: false, error: 'reauth.wait' }
      : { ok: false, field: 'currentPassword', error: reauth.error };
  }
  // A cancelled contract whose end date has passed has ended, even if nobody has read it since.
  await settleContract(ctx.db, customerId, now);
  const result = await ctx.db.transaction(async (tx) => {
    const blockers = await deletionBlockers(tx, customerId);
    if (blockers.length > 0) return { outcome: { ok: false, blockers } as DeletionOutcome };
    const [marked] = await tx
      .update(customers)
      .set({ deletionRequestedAt: now })
      .where(and(eq(customers.id, customerId), isNull(customers.deletionRequestedAt)))
      .returning({ email: customers.email, firstName: customers.firstName, customerNumber: customers.customerNumber });
    if (!marked) {
      const [existing] = await tx
        .select({ requestedAt: customers.deletionRequestedAt })
        .from(customers)
        .where(eq(customers.id, customerId));
      return { outcome: { ok: true, requestedAt: existing?.requestedAt ?? now } as DeletionOutcome };
    }
    const mail: RenderedMail = renderPersonalDataMail(
      { kind: 'deletion-requested', firstName: marked.firstName, customerNumber: marked.customerNumber },
      actor.locale,
      ctx.brand,
    );
    await enqueueMail(tx, marked.email, mail);
    return { outcome: { ok: true, requestedAt: now } as DeletionOutcome, notice: { to: marked.email, mail } };
  });
  if (result.notice) ctx.onMailQueued(result.notice.to, result.notice.mail.subject, result.notice.mail.text);
  return result.outcome;
}

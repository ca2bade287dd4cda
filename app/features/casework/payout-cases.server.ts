import { and, eq } from 'drizzle-orm';
import { payoutRoles } from '~/config/back-office';
import { business } from '~/config/business';
import type { Database } from '~/db/client.server';
import { customers, payouts } from '~/db/schema';
import { recordAudit } from '~/features/audit/public.server';
import { berlinDate } from '~/platform/berlin-date';
import { enqueueMail } from '~/shared/mail/outbox.server';
import type { RenderedMail } from '~/shared/mail/templates';
import { payoutPaidMail } from './casework-mails';
import {
  closeCase,
  lockOpenCase,
  type CaseError,
  type CaseRow,
  type CaseworkContext,
  type StaffActor,
} from './cases.server';

/**
 * Payout cases (docs/rules/back-office.md#case-queues): a withdrawal books a positive balance out of the
 * ledger and records a payout due within 14 days (docs/rules/contract-and-cancellation.md#withdrawal). No
 * payment provider sends it yet, so finance staff pay it out by hand (a bank transfer, the provider's
 * dashboard) and record here that they did, with the transfer's reference.
 */

/**
 * What a payout case shows: the payout, its customer and whether it is overdue. The customer's name only
 * for a role that sees customer data (`showsName`; admins do not, docs/decisions/0035), and never of an
 * erased account.
 */
export async function payoutSource(
  db: Database,
  payoutId: string,
  { showsName, now = new Date() }: { showsName: boolean; now?: Date },
) {
  const [row] = await db
    .select({
      payout: {
        id: payouts.id,
        amountCents: payouts.amountCents,
        reference: payouts.reference,
        methodLabel: payouts.methodLabel,
        dueBy: payouts.dueBy,
        state: payouts.state,
        paidAt: payouts.paidAt,
        createdAt: payouts.createdAt,
      },
      customerId: customers.id,
      customerNumber: customers.customerNumber,
      firstName: customers.firstName,
      lastName: customers.lastName,
      deletedAt: customers.deletedAt,
    })
    .from(payouts)
    .innerJoin(customers, eq(customers.id, payouts.customerId))
    .where(eq(payouts.id, payoutId));
  if (!row) return null;
  const deleted = row.deletedAt !== null;
  return {
    kind: 'payout' as const,
    payout: row.payout,
    customer: {
      id: row.customerId,
      customerNumber: row.customerNumber,
      name: showsName && !deleted ? `${row.firstName} ${row.lastName}` : null,
      deleted,
    },
    // `due_by` is the last day (Europe/Berlin) by which it must be paid out.
    overdue: row.payout.state === 'due' && row.payout.dueBy < berlinDate(now),
  };
}

export type TransferReferenceError = 'transfer-reference-required' | 'transfer-reference-invalid';

/**
 * The transfer's reference as staff typed it, trimmed: one line (no control or invisible format
 * characters) of at most `transferReferenceMaxLength` characters.
 */
export function checkTransferReference(
  text: string | undefined,
): { ok: true; reference: string } | { ok: false; error: TransferReferenceError } {
  const reference = (text ?? '').trim();
  if (reference.length === 0) return { ok: false, error: 'transfer-reference-required' };
  if (reference.length > business.backOffice.transferReferenceMaxLength || /[\p{Cc}\p{Cf}]/u.test(reference)) {
    return { ok: false, error: 'transfer-reference-invalid' };
  }
  return { ok: true, reference };
}

export type PayoutRecording =
  | { ok: true; case: CaseRow; customerMailed: boolean }
  | { ok: false; error: CaseError | TransferReferenceError | 'not-allowed' | 'already-paid' };

/**
 * Records a due payout as paid out (docs/rules/back-office.md#case-queues), for finance staff and admins
 * only: in one transaction with the case's row locked, the payout becomes `paid` (now), the case closes
 * with the outcome `paid` and the transfer's reference as its text, the audit log gets `payout.paid`, and
 * the customer a mail in the account's language saying what was paid out to which method. Of two at once,
 * the second finds the case done; a payout is never paid twice. An erased account gets no mail.
 */
export async function recordPayoutPaid(
  ctx: CaseworkContext,
  actor: StaffActor,
  caseId: string,
  {
    transferReference,
    expectedVersion,
    now = new Date(),
  }: { transferReference?: string; expectedVersion?: number; now?: Date },
): Promise<PayoutRecording> {
  if (!(payoutRoles as readonly string[]).includes(actor.role)) return { ok: false, error: 'not-allowed' };
  const checked = checkTransferReference(transferReference);
  if (!checked.ok) return checked;
  const { reference } = checked;
  const queued: { to: string; mail: RenderedMail }[] = [];
  const outcome = await ctx.db.transaction(async (tx): Promise<PayoutRecording> => {
    const open = await lockOpenCase(tx, caseId, 'payout', expectedVersion);
    if (!open.ok) return open;
    const [paid] = await tx
      .update(payouts)
      .set({ state: 'paid', paidAt: now })
      .where(and(eq(payouts.id, open.row.sourceId), eq(payouts.state, 'due')))
      .returning();
    if (!paid) {
      const [exists] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, open.row.sourceId));
      return { ok: false, error: exists ? 'already-paid' : 'not-found' };
    }
    const [customer] = await tx
      .select({
        email: customers.email,
        locale: customers.locale,
        firstName: customers.firstName,
        deletedAt: customers.deletedAt,
      })
      .from(customers)
      .where(eq(customers.id, paid.customerId));
    const customerMailed = Boolean(customer && !customer.deletedAt);
    if (customer && customerMailed) {
      const mail = payoutPaidMail(
        {
          firstName: customer.firstName,
          amountCents: paid.amountCents,
          methodLabel: paid.methodLabel,
          reference: paid.reference,
          paidOn: berlinDate(now),
        },
        customer.locale,
        ctx.brand,
      );
      await enqueueMail(tx, customer.email, mail);
      queued.push({ to: customer.email, mail });
    }
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'payout.paid',
        subjectType: 'payout',
        subjectId: paid.id,
        before: { state: 'due', paidAt: null },
        after: {
          state: 'paid',
          paidAt: now,
          amountCents: paid.amountCents,
          transferReference: reference,
          customerMailed,
        },
      },
      actor.origin,
    );
    const closed = await closeCase(tx, open.row, actor, 'paid', reference, now);
    return { ok: true, case: closed, customerMailed };
  });
  // Announced once the transaction committed, as every case action's mails are.
  for (const { to, mail } of queued) ctx.onMailQueued(to, mail.subject, mail.text);
  return outcome;
}

import { eq } from 'drizzle-orm';
import { cancellations, contracts, customers } from '~/db/schema';
import { mailLink, type AccountContext } from '~/features/accounts/public.server';
import { isUniqueViolation } from '~/db/errors';
import type { Locale } from '~/i18n/locales';
import { enqueueMail } from '~/shared/mail/outbox.server';
import type { RenderedMail } from '~/shared/mail/templates';
import { matchCustomer, newReference } from './cancellation.server';
import type { CancellationConfirmation } from './confirmation';
import { settleContract } from './contract-settlement.server';
import type { Declaration } from './declaration';
import { confirmationOf, publicAnswer } from './declaration-confirmation.server';
import { declarationFingerprint, earlierDeclaration, releaseExpiredFingerprint } from './declaration-repeats.server';
import { withdrawalAcknowledgementMail, withdrawalNoticeMail } from './withdrawal-mails';
import { applyWithdrawal } from './withdrawal-effects.server';

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

import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { cancellations, contracts, customers, tariffs } from '~/db/schema';
import { mailLink, type AccountContext } from '~/features/accounts/public.server';
import { enqueueMail } from '~/shared/mail/outbox.server';
import type { RenderedMail } from '~/shared/mail/templates';
import type { Locale } from '~/i18n/locales';
import { berlinDate } from '~/platform/berlin-date';
import type { RateLimitStore } from '~/platform/rate-limit/store';
import { decideEndDate, earliestEndDate } from './cancellation-rules';
import type { CancellationConfirmation } from './confirmation';
import { cancellationConfirmationMail, cancellationNoticeMail, cancellationWithdrawnMail } from './contract-mails';
import { contractSettings } from './contract-settings';
import { contractFinished } from './contract-state';
import { applyWithdrawal } from './withdrawal-effects.server';
import { withdrawalAcknowledgementMail, type WithdrawalResult } from './withdrawal-mails';
import { settleContract } from './contract-settlement.server';
import { isUniqueViolation } from '~/db/errors';
import type { Declaration } from './declaration';
import { declarationFingerprint, earlierDeclaration, releaseExpiredFingerprint } from './declaration-repeats.server';
import { formatDate } from '~/i18n/intl-formats';
import { confirmationOf, publicAnswer } from './declaration-confirmation.server';
import { addressGroup } from '~/shared/security/address-group.server';

/**
 * Cancellation declarations (§312k BGB; docs/rules/contract-and-cancellation.md#cancellation-declarations;
 * docs/decisions/0007). Every declaration is stored with its received time, whether or not it matches an
 * account; a matched contract moves to `cancellation_requested` with its end date; the confirmation mail is
 * queued in the same transaction.
 */

/**
 * Who declares: the logged-in customer in the self-service area (the contract is theirs, an earlier
 * date than possible is refused), or anyone on the public page (the contract is found by identifier
 * and name; a session, if any, only decides whether the declarant may be told about their own contract).
 * The client's address tells a repeated public submission from another sender's.
 */
export type Declarant =
  { kind: 'customer'; customerId: string } | { kind: 'public'; sessionCustomerId: string | null; clientIp: string };

/**
 * Public declarations per IP address and hour. A form without login invites scripted abuse (mass
 * cancellations of guessed addresses); the limit is generous enough for a shared connection.
 */
export async function allowPublicCancellation(store: RateLimitStore, clientIp: string): Promise<boolean> {
  const limit = { max: contractSettings.publicCancellationsPerIpPerHour, windowMs: 60 * 60 * 1000 };
  return store.hit(`cancel-ip:${addressGroup(clientIp)}`, limit);
}

export type DeclarationOutcome =
  { kind: 'received'; confirmation: CancellationConfirmation } | { kind: 'invalid'; field: 'endDate'; message: string };

/**
 * Stores a declaration, or answers a repeat of one (the same content from the same sender within
 * `contractSettings.repeatWindowMs`) with the first one, which sends nothing again. Two identical
 * submissions at the same moment store one row: the fingerprint is unique, and the one whose write
 * loses answers with the winner's declaration.
 */
export async function declareCancellation(
  ctx: AccountContext,
  declaration: Declaration,
  declarant: Declarant,
  { locale, now = new Date() }: { locale: Locale; now?: Date },
): Promise<DeclarationOutcome> {
  const fingerprint = declarationFingerprint(declaration, senderOf(declarant));
  const answer = (confirmation: CancellationConfirmation) =>
    declarant.kind === 'public' ? publicAnswer(confirmation) : confirmation;
  const earlier = await earlierDeclaration(ctx.db, fingerprint, now);
  if (earlier) return { kind: 'received', confirmation: answer(earlier) };
  await releaseExpiredFingerprint(ctx.db, fingerprint, now);

  const customerId =
    declarant.kind === 'customer'
      ? declarant.customerId
      : await matchCustomer(ctx.db, declaration.identifier, declaration.name);
  const strict = declarant.kind === 'customer' || (customerId !== null && customerId === declarant.sessionCustomerId);
  if (customerId) await settleContract(ctx.db, customerId, now);

  for (let attempt = 1; ; attempt++) {
    try {
      return await storeDeclaration(ctx, declaration, customerId, {
        strict,
        publicForm: declarant.kind === 'public',
        locale,
        now,
        fingerprint,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same declaration was stored in the meantime, or (unlikely) the random reference clashed
      // with an existing one and the whole write is repeated.
      const stored = await earlierDeclaration(ctx.db, fingerprint, now);
      if (stored) return { kind: 'received', confirmation: answer(stored) };
      if (attempt >= 3) throw error;
    }
  }
}

function senderOf(declarant: Declarant): string {
  return declarant.kind === 'customer'
    ? `customer:${declarant.customerId}`
    : `public:${declarant.clientIp}:${declarant.sessionCustomerId ?? ''}`;
}

/**
 * `publicForm`: the declarant's address gets the public answer (what was declared, when it arrived),
 * the same whether or not the account matched; the account's own address gets what applies to it.
 */
async function storeDeclaration(
  ctx: AccountContext,
  declaration: Declaration,
  customerId: string | null,
  {
    strict,
    publicForm,
    locale,
    now,
    fingerprint,
  }: { strict: boolean; publicForm: boolean; locale: Locale; now: Date; fingerprint: string },
): Promise<DeclarationOutcome> {
  const today = berlinDate(now);
  const reference = newReference();
  const result = await ctx.db.transaction(async (tx) => {
    let contract: typeof contracts.$inferSelect | undefined;
    let account: { email: string; firstName: string; locale: Locale } | undefined;
    if (customerId) {
      [contract] = await tx.select().from(contracts).where(eq(contracts.customerId, customerId)).for('update');
      [account] = await tx
        .select({ email: customers.email, firstName: customers.firstName, locale: customers.locale })
        .from(customers)
        .where(eq(customers.id, customerId));
    }

    let effectiveEndDate: string | null = null;
    let adjusted = false;
    if (contract && contractFinished(contract.state)) {
      effectiveEndDate = contract.endDate;
    } else if (contract) {
      const [tariff] = await tx.select().from(tariffs).where(eq(tariffs.id, contract.tariffId));
      if (!tariff) throw new Error(`Contract ${contract.id} names an unknown tariff`);
      const earliest = earliestEndDate(tariff, contract.tariffSince, today);
      const decision = decideEndDate(earliest, declaration.endDate ?? null, strict ? 'strict' : 'adjust');
      if (!decision.ok) {
        return {
          kind: 'invalid',
          field: 'endDate',
          message: `cancel.end-date.too-early?date=${formatDate(decision.earliest, locale)}`,
        } as const;
      }
      effectiveEndDate = decision.endDate;
      adjusted = decision.adjusted;
      // A later declaration replaces the end date of an earlier one that is still pending.
      await tx
        .update(contracts)
        .set({ state: 'cancellation_requested', endDate: effectiveEndDate })
        .where(eq(contracts.id, contract.id));
    }

    await tx.insert(cancellations).values({
      reference,
      receivedAt: now,
      kind: declaration.kind,
      reason: declaration.kind === 'extraordinary' ? (declaration.reason ?? null) : null,
      name: declaration.name,
      identifier: declaration.identifier,
      contractLabel: declaration.contractLabel,
      requestedEndDate: declaration.endDate ?? null,
      effectiveEndDate,
      endDateAdjusted: adjusted,
      confirmationEmail: declaration.confirmationEmail,
      locale,
      contractId: contract?.id ?? null,
      customerId: contract ? customerId : null,
      submissionFingerprint: fingerprint,
    });

    const confirmation: CancellationConfirmation = {
      reference,
      receivedAt: now.toISOString(),
      kind: declaration.kind,
      reason: declaration.kind === 'extraordinary' ? (declaration.reason ?? null) : null,
      name: declaration.name,
      identifier: declaration.identifier,
      contractLabel: declaration.contractLabel,
      requestedEndDate: declaration.endDate ?? null,
      effectiveEndDate,
      adjusted,
      confirmationEmail: declaration.confirmationEmail,
    };
    const answer = publicForm ? publicAnswer(confirmation) : confirmation;
    const mails: { to: string; mail: RenderedMail }[] = [
      { to: declaration.confirmationEmail, mail: cancellationConfirmationMail(answer, locale, ctx.brand) },
    ];
    // The holder learns of every public cancellation of the account's contract, with the end date the
    // public answer leaves out; of their own in the self-service area when the confirmation went elsewhere.
    const toHolder = publicForm || account?.email !== declaration.confirmationEmail;
    if (account && contract && !contractFinished(contract.state) && toHolder) {
      mails.push({
        to: account.email,
        mail: cancellationNoticeMail(
          {
            firstName: account.firstName,
            reference,
            receivedAt: confirmation.receivedAt,
            confirmationEmail: declaration.confirmationEmail,
            endDate: effectiveEndDate!,
            adjusted,
          },
          mailLink(ctx.config, 'contract', account.locale),
          account.locale,
          ctx.brand,
        ),
      });
    }
    for (const { to, mail } of mails) await enqueueMail(tx, to, mail);
    return { kind: 'received', confirmation: answer, mails } as const;
  });
  if (result.kind === 'invalid') return result;
  for (const { to, mail } of result.mails) ctx.onMailQueued(to, mail.subject, mail.text);
  return { kind: 'received', confirmation: result.confirmation };
}

export type WithdrawalOutcome =
  { ok: true } | { ok: false; error: 'contract.withdraw.none' | 'contract.withdraw.too-late' };

/**
 * Withdraws the customer's pending cancellation until (and on) its end date: the contract is active
 * again, the declarations are marked withdrawn, and the customer gets a mail.
 */
export async function withdrawCancellation(
  ctx: AccountContext,
  customerId: string,
  { locale, now = new Date() }: { locale: Locale; now?: Date },
): Promise<WithdrawalOutcome> {
  await settleContract(ctx.db, customerId, now);
  const today = berlinDate(now);
  const result = await ctx.db.transaction(async (tx) => {
    const [contract] = await tx.select().from(contracts).where(eq(contracts.customerId, customerId)).for('update');
    if (contract && contractFinished(contract.state))
      return { ok: false, error: 'contract.withdraw.too-late' } as const;
    if (contract?.state !== 'cancellation_requested') return { ok: false, error: 'contract.withdraw.none' } as const;
    if (contract.endDate !== null && contract.endDate < today)
      return { ok: false, error: 'contract.withdraw.too-late' } as const;
    await tx.update(contracts).set({ state: 'active', endDate: null }).where(eq(contracts.id, contract.id));
    await tx
      .update(cancellations)
      .set({ withdrawnAt: now })
      .where(and(eq(cancellations.contractId, contract.id), isNull(cancellations.withdrawnAt)));
    const [customer] = await tx
      .select({ email: customers.email, firstName: customers.firstName })
      .from(customers)
      .where(eq(customers.id, customerId));
    const mail = cancellationWithdrawnMail(
      { firstName: customer!.firstName, withdrawnAt: now.toISOString() },
      locale,
      ctx.brand,
    );
    await enqueueMail(tx, customer!.email, mail);
    return { ok: true, to: customer!.email, mail } as const;
  });
  if (!result.ok) return result;
  ctx.onMailQueued(result.to, result.mail.subject, result.mail.text);
  return { ok: true };
}

/**
 * The account a public declaration belongs to: the identifier names exactly one customer (by email or
 * customer number) and the declared name is that customer's name (`nameMatches`). Anything less
 * matches nothing: the declaration is stored all the same and customer service assigns it by hand.
 */
export async function matchCustomer(db: Database, identifier: string, name: string): Promise<string | null> {
  const condition = identifier.includes('@')
    ? eq(customers.email, identifier.toLowerCase())
    : eq(customers.customerNumber, identifier);
  const [customer] = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(condition)
    .limit(1);
  return customer && nameMatches(name, customer) ? customer.id : null;
}

/** Lower case, accents and umlauts folded (ä → a, ß → ss), anything else than letters a single space. */
export function foldName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Whether a declared name is the account holder's, ignoring case, accents, punctuation and order: it
 * holds the whole last name, and every other word is one of the first names or its initial, at least
 * one of them. A list of surnames, or a last name with anything else, names nobody: customer numbers
 * run in sequence, so the name is what keeps a stranger from declaring for accounts in bulk
 * (docs/rules/contract-and-cancellation.md#cancellation-declarations).
 */
export function nameMatches(declaredName: string, holder: { firstName: string; lastName: string }): boolean {
  const declared = foldName(declaredName).split(' ').filter(Boolean);
  const last = foldName(holder.lastName).split(' ').filter(Boolean);
  const first = foldName(holder.firstName).split(' ').filter(Boolean);
  if (last.length === 0 || first.length === 0) return false;
  for (let at = 0; at + last.length <= declared.length; at++) {
    if (!last.every((word, i) => declared[at + i] === word)) continue;
    const rest = [...declared.slice(0, at), ...declared.slice(at + last.length)];
    const ofFirstName = (word: string) =>
      first.includes(word) || (word.length === 1 && first.some((name) => name.startsWith(word)));
    if (rest.length > 0 && rest.length <= first.length && rest.every(ofFirstName)) return true;
  }
  return false;
}

/** Customer-readable and unguessable: `K-` and 8 characters of Crockford's base 32 (40 random bits). */
export function newReference(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(8);
  const chars = Array.from(bytes, (byte) => alphabet[byte % 32]).join('');
  return `K-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** The pending cancellation shown on the contract page. */
export async function latestDeclaration(db: Database, contractId: string) {
  const [row] = await db
    .select({ reference: cancellations.reference, receivedAt: cancellations.receivedAt })
    .from(cancellations)
    .where(and(eq(cancellations.contractId, contractId), isNull(cancellations.withdrawnAt)))
    .orderBy(desc(cancellations.receivedAt))
    .limit(1);
  return row ?? null;
}

export type AssignmentOutcome =
  | {
      ok: true;
      effectiveEndDate: string | null;
      adjusted: boolean;
      mail: { to: string; mail: RenderedMail };
      /** For a withdrawal: what it did (refund and payout included), for the holder's mail. */
      withdrawal?: WithdrawalResult;
    }
  | { ok: false; error: 'unknown-declaration' | 'already-assigned' | 'withdrawn' | 'no-contract' };

/**
 * Assigns a stored declaration that matched no account to the customer staff found for it, and applies
 * it as if it had matched when it arrived: the notice period counts from its received time, not from
 * today (§312k BGB; docs/rules/contract-and-cancellation.md#cancellation-declarations). A requested end
 * date that was too early is read as the earliest possible one, as for every public declaration. The
 * declarant gets the public confirmation again. Runs in the caller's transaction `tx`,
 * so the caller's own records (the case, the audit entry) commit with it.
 */
export async function assignDeclaration(
  tx: Database,
  ctx: Pick<AccountContext, 'brand'>,
  { cancellationId, customerId, now = new Date() }: { cancellationId: string; customerId: string; now?: Date },
): Promise<AssignmentOutcome> {
  const [declaration] = await tx.select().from(cancellations).where(eq(cancellations.id, cancellationId)).for('update');
  if (!declaration) return { ok: false, error: 'unknown-declaration' };
  if (declaration.contractId || declaration.customerId) return { ok: false, error: 'already-assigned' };
  if (declaration.withdrawnAt) return { ok: false, error: 'withdrawn' };
  await settleContract(tx, customerId, now);
  const [contract] = await tx.select().from(contracts).where(eq(contracts.customerId, customerId)).for('update');
  if (!contract) return { ok: false, error: 'no-contract' };

  if (declaration.kind === 'withdrawal') return assignWithdrawal(tx, ctx, declaration, contract, now);

  let effectiveEndDate: string | null;
  let adjusted = false;
  if (contractFinished(contract.state)) {
    effectiveEndDate = contract.endDate;
  } else {
    const [tariff] = await tx.select().from(tariffs).where(eq(tariffs.id, contract.tariffId));
    if (!tariff) throw new Error(`Contract ${contract.id} names an unknown tariff`);
    const earliest = earliestEndDate(tariff, contract.tariffSince, berlinDate(declaration.receivedAt));
    const decision = decideEndDate(earliest, declaration.requestedEndDate, 'adjust');
    // 'adjust' never refuses; the branch keeps the types honest.
    if (!decision.ok) throw new Error('An adjusting end-date decision refused');
    effectiveEndDate = decision.endDate;
    adjusted = decision.adjusted;
    await tx
      .update(contracts)
      .set({ state: 'cancellation_requested', endDate: effectiveEndDate })
      .where(eq(contracts.id, contract.id));
  }
  const [assigned] = await tx
    .update(cancellations)
    .set({ contractId: contract.id, customerId, effectiveEndDate, endDateAdjusted: adjusted })
    .where(eq(cancellations.id, cancellationId))
    .returning();
  const locale = assigned!.locale;
  // The declarant gets the confirmation again, as the public form answers: the end date is the holder's
  // to learn, at the account's own address (the caller's mail).
  const mail = cancellationConfirmationMail(publicAnswer(confirmationOf(assigned!)), locale, ctx.brand);
  await enqueueMail(tx, assigned!.confirmationEmail, mail);
  // The end date may lie in the past already: the contract ends at the next settlement.
  await settleContract(tx, customerId, now);
  return { ok: true, effectiveEndDate, adjusted, mail: { to: assigned!.confirmationEmail, mail } };
}

/**
 * A withdrawal staff assign: applied as of its received time, so a declaration that arrived within the
 * period withdraws the contract even when staff assign it later (docs/rules/contract-and-cancellation.md#withdrawal).
 * The declarant gets the acknowledgement again; what applied goes to the holder (the caller's mail).
 */
async function assignWithdrawal(
  tx: Database,
  ctx: Pick<AccountContext, 'brand'>,
  declaration: typeof cancellations.$inferSelect,
  contract: typeof contracts.$inferSelect,
  now: Date,
): Promise<AssignmentOutcome> {
  const result = await applyWithdrawal(tx, contract, {
    reference: declaration.reference,
    receivedAt: declaration.receivedAt,
    now,
  });
  const [assigned] = await tx
    .update(cancellations)
    .set({
      contractId: contract.id,
      customerId: contract.customerId,
      effectiveEndDate: result.endDate,
      appliedAs: result.appliedAs,
    })
    .where(eq(cancellations.id, declaration.id))
    .returning();
  const mail = withdrawalAcknowledgementMail(publicAnswer(confirmationOf(assigned!)), assigned!.locale, ctx.brand);
  await enqueueMail(tx, assigned!.confirmationEmail, mail);
  return {
    ok: true,
    effectiveEndDate: result.endDate,
    adjusted: false,
    mail: { to: assigned!.confirmationEmail, mail },
    withdrawal: result,
  };
}

import type { cancellations } from '~/db/schema';

/**
 * How a declaration's case ends when staff close it without applying it, and what the declaration is
 * called in what staff and the declarant read (docs/rules/back-office.md#case-queues;
 * docs/decisions/0060-declarations-closed-with-a-reason.md).
 */

/** A declaration's kind: the cancellation form's two and the withdrawal function's (`withdrawal`). */
export type DeclarationKind = (typeof cancellations.$inferSelect)['kind'] | 'withdrawal';

/** What a declaration of `kind` is, in words: a cancellation (Kündigung) or a withdrawal (Widerruf). */
export type DeclarationNoun = 'cancellation' | 'withdrawal';

export function declarationNoun(kind: DeclarationKind): DeclarationNoun {
  return kind === 'withdrawal' ? 'withdrawal' : 'cancellation';
}

/**
 * Why staff close a declaration that matched no account without applying it. The declarant receives
 * the reason in words (app/features/casework/casework-mails.ts), and the case's outcome keeps it.
 */
export const declarationCloseReasons = [
  /** No contract could be identified from the details given. */
  'no-contract-found',
  /** The declarant is not the contract holder nor authorised by them. */
  'not-entitled',
  /** Declared already: the free text names the earlier declaration's reference. */
  'duplicate',
  /** No cancellation or withdrawal was meant, e.g. a question. */
  'not-a-declaration',
  /** Anything else: the free text says what. */
  'other',
] as const;
export type DeclarationCloseReason = (typeof declarationCloseReasons)[number];

/** The reasons that say too little alone: staff must add their own words (the earlier reference, the reason). */
export const closeReasonsNeedingText: readonly DeclarationCloseReason[] = ['duplicate', 'other'];

export function isDeclarationCloseReason(value: string): value is DeclarationCloseReason {
  return (declarationCloseReasons as readonly string[]).includes(value);
}

/** A case's outcome for a declaration closed with `reason`: `closed:<reason>`. */
export function closedOutcome(reason: DeclarationCloseReason): `closed:${DeclarationCloseReason}` {
  return `closed:${reason}`;
}

/** The reason of an outcome `closed:<reason>`, else null (every other outcome, `closed` alone among them). */
export function closeReasonOf(outcome: string | null): DeclarationCloseReason | null {
  if (!outcome?.startsWith('closed:')) return null;
  const reason = outcome.slice('closed:'.length);
  return isDeclarationCloseReason(reason) ? reason : null;
}

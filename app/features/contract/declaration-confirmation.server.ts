import { eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { cancellations } from '~/db/schema';
import { signedReferenceQuery, verifiedReference } from '~/shared/security/signed-reference.server';
import type { CancellationConfirmation } from './confirmation';
import { contractSettings } from './contract-settings';

const purpose = 'cancellation';
const referencePattern = /^K-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** The stored declaration as its confirmation shows it. */
export function confirmationOf(row: typeof cancellations.$inferSelect): CancellationConfirmation {
  return {
    reference: row.reference,
    receivedAt: row.receivedAt.toISOString(),
    kind: row.kind,
    reason: row.reason,
    name: row.name,
    identifier: row.identifier,
    contractLabel: row.contractLabel,
    requestedEndDate: row.requestedEndDate,
    effectiveEndDate: row.effectiveEndDate,
    adjusted: row.endDateAdjusted,
    confirmationEmail: row.confirmationEmail,
  };
}

/**
 * What a public form may answer about a declaration: what was declared and when it arrived, never what
 * it did to an account. The effective end date (or an adjusted one) would tell a stranger that the
 * identifier and name matched, so it goes only to the account's own address
 * (docs/rules/contract-and-cancellation.md#cancellation-declarations).
 */
export function publicAnswer(confirmation: CancellationConfirmation): CancellationConfirmation {
  return { ...confirmation, effectiveEndDate: null, adjusted: false };
}

/**
 * The query of a declaration's confirmation page: its reference, when it was given out and a
 * signature, nothing personal. The page shows name, email and reason, so it can be reloaded and
 * printed for a day (contractSettings.confirmationPageMaxAgeMs), not found in a shared browser's
 * history for good; the confirmation mail is what the customer keeps.
 */
export function declarationConfirmationQuery(reference: string, secret: string, now = new Date()): URLSearchParams {
  return signedReferenceQuery(purpose, reference, secret, now);
}

/**
 * The public confirmation a signed query names, or null for a query that is not one or names nothing
 * stored.
 */
export async function confirmationFromQuery(
  db: Database,
  search: URLSearchParams,
  secret: string,
  now = new Date(),
): Promise<CancellationConfirmation | null> {
  const reference = verifiedReference(purpose, search, secret, (value) => referencePattern.test(value), {
    maxAgeMs: contractSettings.confirmationPageMaxAgeMs,
    now,
  });
  if (!reference) return null;
  const [row] = await db.select().from(cancellations).where(eq(cancellations.reference, reference));
  return row ? publicAnswer(confirmationOf(row)) : null;
}

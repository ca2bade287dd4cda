import { eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { cancellations } from '~/db/schema';
import { signedReferenceQuery, verifiedReference } from '~/features/security/signed-reference.server';
import type { CancellationConfirmation } from './confirmation';

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
 * The query of a declaration's confirmation page: its reference and a signature, nothing personal.
 * The page can be reloaded, printed or kept as long as the declaration is stored.
 */
export function declarationConfirmationQuery(reference: string, secret: string): URLSearchParams {
  return signedReferenceQuery(purpose, reference, secret);
}

/** The confirmation a signed query names, or null for a query that is not one or names nothing stored. */
export async function confirmationFromQuery(
  db: Database,
  search: URLSearchParams,
  secret: string,
): Promise<CancellationConfirmation | null> {
  const reference = verifiedReference(purpose, search, secret, (value) => referencePattern.test(value));
  if (!reference) return null;
  const [row] = await db.select().from(cancellations).where(eq(cancellations.reference, reference));
  return row ? confirmationOf(row) : null;
}

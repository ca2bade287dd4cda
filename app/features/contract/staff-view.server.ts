import { desc, eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { cancellations } from '~/db/schema';

/** A cancellation declaration as the back office's customer view lists it. */
export interface DeclarationSummary {
  reference: string;
  receivedAt: Date;
  kind: 'ordinary' | 'extraordinary' | 'withdrawal';
  requestedEndDate: string | null;
  effectiveEndDate: string | null;
  withdrawnAt: Date | null;
}

/** The customer's cancellation declarations, newest first (read-only, for the back office). */
export async function declarationsOfCustomer(
  db: Database,
  customerId: string,
  limit: number,
): Promise<DeclarationSummary[]> {
  return db
    .select({
      reference: cancellations.reference,
      receivedAt: cancellations.receivedAt,
      kind: cancellations.kind,
      requestedEndDate: cancellations.requestedEndDate,
      effectiveEndDate: cancellations.effectiveEndDate,
      withdrawnAt: cancellations.withdrawnAt,
    })
    .from(cancellations)
    .where(eq(cancellations.customerId, customerId))
    .orderBy(desc(cancellations.receivedAt))
    .limit(limit);
}

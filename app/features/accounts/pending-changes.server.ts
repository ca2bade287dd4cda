import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { accountTokens, phoneVerifications } from '~/db/schema';

/**
 * A new password (reset or change) takes the account back: every link and code still waiting to be
 * used ends with it — other reset links, a pending email change, a pending phone change's code.
 * Whoever had a session or a reset mail before must not finish a change the owner never wanted once
 * the owner has set a new password. Email verification links stay: they only confirm the address the
 * account already has, and the owner may still be waiting for one.
 */
export async function endPendingChanges(db: Pick<Database, 'delete'>, customerId: string): Promise<void> {
  await db
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.customerId, customerId),
        inArray(accountTokens.purpose, ['reset-password', 'change-email']),
        isNull(accountTokens.usedAt),
      ),
    );
  await db
    .delete(phoneVerifications)
    .where(and(eq(phoneVerifications.customerId, customerId), isNull(phoneVerifications.usedAt)));
}

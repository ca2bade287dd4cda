import { eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { customers } from '~/db/schema';
import { deletionBlockers } from './account-deletion.server';
import { pendingEmailChange } from './email-change.server';
import { pendingPhoneChange } from './phone-change.server';
import { listSessions } from './sessions.server';

/**
 * What the "my data" page shows of the logged-in customer: the profile, pending changes, live
 * sessions and whether the account can be deleted. Every query is scoped to `customerId`.
 */
export async function loadPersonalData(db: Database, customerId: string, currentIdHash: string, now = new Date()) {
  const [customer] = await db
    .select({
      customerNumber: customers.customerNumber,
      salutation: customers.salutation,
      firstName: customers.firstName,
      lastName: customers.lastName,
      birthDate: customers.birthDate,
      email: customers.email,
      emailVerifiedAt: customers.emailVerifiedAt,
      phoneE164: customers.phoneE164,
      addressText: customers.addressText,
      newsletter: customers.newsletter,
      deletionRequestedAt: customers.deletionRequestedAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return null;
  // Whether the contract has ended decides whether the account can be deleted: the auth guard
  // settled it before (app/routes/guards/auth.tsx).
  const [sessionList, pendingEmail, pendingPhone, blockers] = await Promise.all([
    listSessions(db, customerId, currentIdHash, now),
    pendingEmailChange(db, customerId, now),
    pendingPhoneChange(db, customerId, now),
    deletionBlockers(db, customerId),
  ]);
  return { customer, sessions: sessionList, pendingEmail, pendingPhone, deletionBlockers: blockers };
}

/** Newsletter consent can be withdrawn as easily as it was given: one button. */
export async function setNewsletter(db: Database, customerId: string, subscribed: boolean): Promise<void> {
  await db.update(customers).set({ newsletter: subscribed }).where(eq(customers.id, customerId));
}

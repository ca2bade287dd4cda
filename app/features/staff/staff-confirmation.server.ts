import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { staffAccounts } from '~/db/schema';
import { recordAudit, type AuditOrigin } from '~/features/audit/public.server';
import type { StaffContext } from './staff-context';

/**
 * Four eyes on the staff accounts themselves (docs/rules/back-office.md#confirmation, decision 53):
 * an account made or enrolled again in the back office can log in only once an admin other than the
 * one who made or enrolled it has confirmed it. The admin who holds an enrolment link could follow it
 * themselves; the second admin's confirmation is what makes the account a person of its own, and so
 * a second pair of eyes for money (features/goodwill/four-eyes.server.ts) and a staff budget of its own.
 */

/** Who set an account up: its creator and the admin of its latest enrolment link. */
interface SetUp {
  id: string;
  createdBy: string | null;
  enrolledBy: string | null;
}

/** Whether `adminId` may confirm the account: neither the account itself nor one who set it up. */
export function mayConfirm(account: SetUp, adminId: string): boolean {
  return account.id !== adminId && account.createdBy !== adminId && account.enrolledBy !== adminId;
}

export type ConfirmOutcome = 'confirmed' | 'set-up-by-you' | 'not-awaiting' | 'not-found';

/**
 * Confirms an account that waits for it. The rule is part of the one conditional UPDATE, so an
 * enrolment again that commits first (which makes the confirming admin's page stale) is confirmed only
 * if this admin did not issue it, and two admins confirming at once make one entry in the audit log.
 * The caller is an admin (the back office's route table).
 */
export async function confirmStaffAccount(
  ctx: Pick<StaffContext, 'db'>,
  adminId: string,
  staffId: string,
  origin: AuditOrigin = {},
  now = new Date(),
): Promise<ConfirmOutcome> {
  return ctx.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(staffAccounts)
      .set({ confirmedAt: now, confirmedBy: adminId })
      .where(
        and(
          eq(staffAccounts.id, staffId),
          isNull(staffAccounts.confirmedAt),
          eq(staffAccounts.active, true),
          ne(staffAccounts.id, adminId),
          or(isNull(staffAccounts.createdBy), ne(staffAccounts.createdBy, adminId)),
          or(isNull(staffAccounts.enrolledBy), ne(staffAccounts.enrolledBy, adminId)),
        ),
      )
      .returning({ id: staffAccounts.id });
    if (confirmed.length === 1) {
      await recordAudit(
        tx,
        {
          actorStaffId: adminId,
          action: 'staff.confirm',
          subjectType: 'staff-account',
          subjectId: staffId,
          before: { confirmed: false },
          after: { confirmed: true },
        },
        origin,
      );
      return 'confirmed';
    }
    const [account] = await tx
      .select({
        id: staffAccounts.id,
        createdBy: staffAccounts.createdBy,
        enrolledBy: staffAccounts.enrolledBy,
        confirmedAt: staffAccounts.confirmedAt,
        active: staffAccounts.active,
      })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId));
    if (!account) return 'not-found';
    const waiting = account.confirmedAt === null && account.active;
    return waiting && !mayConfirm(account, adminId) ? 'set-up-by-you' : 'not-awaiting';
  });
}

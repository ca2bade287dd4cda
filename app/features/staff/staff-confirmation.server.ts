import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { staffAccounts } from '~/db/schema';
import { recordAudit, type AuditOrigin } from '~/features/audit/public.server';
import type { StaffContext } from './staff-context';

/**
 * Four eyes on the staff accounts themselves (docs/rules/back-office.md#confirmation, decision 53):
 * an account made or enrolled again in the back office can log in only once an admin other than the
 * one who made or enrolled it has confirmed its enrolment. The admin who holds an enrolment link could
 * follow it themselves; the second admin, who can ask the person whether they set up their access,
 * is what makes the account a person of its own, and so a second pair of eyes for money
 * (features/goodwill/four-eyes.server.ts) and a staff budget of its own.
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

export type ConfirmOutcome = 'confirmed' | 'set-up-by-you' | 'not-enrolled' | 'changed' | 'not-awaiting' | 'not-found';

/**
 * Confirms the enrolment the admin was shown (`shownEnrolledAt`, from the staff list): an open link
 * is not confirmed (`not-enrolled`), since nobody can yet ask its holder, and an enrolment made again
 * since the page was shown is refused as `changed`, since the admin has not judged it. The rule is
 * part of the one conditional UPDATE (`mayConfirm` is its reading for one account), so it holds
 * against an enrolment again that commits meanwhile, and two admins confirming at once make one
 * entry in the audit log. The caller is an admin (the back office's route table).
 */
export async function confirmStaffAccount(
  ctx: Pick<StaffContext, 'db'>,
  adminId: string,
  staffId: string,
  shownEnrolledAt: Date,
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
          eq(staffAccounts.enrolledAt, shownEnrolledAt),
          ne(staffAccounts.id, adminId),
          or(isNull(staffAccounts.createdBy), ne(staffAccounts.createdBy, adminId)),
          or(isNull(staffAccounts.enrolledBy), ne(staffAccounts.enrolledBy, adminId)),
        ),
      )
      .returning({ createdBy: staffAccounts.createdBy, enrolledBy: staffAccounts.enrolledBy });
    const [account] = confirmed;
    if (account) {
      await recordAudit(
        tx,
        {
          actorStaffId: adminId,
          action: 'staff.confirm',
          subjectType: 'staff-account',
          subjectId: staffId,
          before: { confirmed: false },
          // Which enrolment was confirmed, and who had set it up.
          after: {
            confirmed: true,
            enrolledAt: shownEnrolledAt.toISOString(),
            createdBy: account.createdBy,
            enrolledBy: account.enrolledBy,
          },
        },
        origin,
      );
      return 'confirmed';
    }
    const [current] = await tx
      .select({
        id: staffAccounts.id,
        createdBy: staffAccounts.createdBy,
        enrolledBy: staffAccounts.enrolledBy,
        enrolledAt: staffAccounts.enrolledAt,
        confirmedAt: staffAccounts.confirmedAt,
        active: staffAccounts.active,
      })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId));
    if (!current) return 'not-found';
    if (current.confirmedAt !== null || !current.active) return 'not-awaiting';
    if (!mayConfirm(current, adminId)) return 'set-up-by-you';
    return current.enrolledAt === null ? 'not-enrolled' : 'changed';
  });
}

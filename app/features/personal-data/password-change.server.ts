import { eq } from 'drizzle-orm';
import { customers } from '~/db/schema';
import {
  type AccountContext,
  endAllSessions,
  endPendingChanges,
  isCommonPassword,
  mailLink,
  markReauthenticated,
} from '~/features/accounts/public.server';
import { passwordProblem } from '~/shared/security/password-policy';
import { hashPassword, verifyPassword } from '~/shared/security/passwords.server';
import { enqueueMail } from '~/shared/mail/outbox.server';
import { checkPasswordWithinLimits } from '~/shared/security/login-throttle.server';
import type { Actor } from './email-change.server';
import { renderPersonalDataMail } from './mails';

export type PasswordChangeOutcome =
  | { ok: true; otherSessionsEnded: true }
  | { ok: false; field: 'currentPassword'; error: 'password-change.wrong-current' }
  | { ok: false; field: 'newPassword'; error: string }
  | { ok: false; field?: undefined; error: `login.wait?minutes=${number}` };

/**
 * Changes the password with the current one (docs/rules/personal-data.md#password-change): the new one
 * follows the password policy; every other session ends, the current one stays and counts as freshly
 * authenticated. A wrong current password counts against the login limits (reserved before it is verified),
 * and while the account or address waits even the right one is refused — a stolen session cannot be used to
 * guess the password.
 */
export async function changePassword(
  ctx: AccountContext,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
  now = new Date(),
): Promise<PasswordChangeOutcome> {
  const customerId = actor.session.customerId;
  const [customer] = await ctx.db
    .select({ email: customers.email, firstName: customers.firstName, passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return { ok: false, field: 'currentPassword', error: 'password-change.wrong-current' };

  const attempt = await checkPasswordWithinLimits(ctx.rateLimits, customer.email, actor.clientIp, () =>
    verifyPassword(customer.passwordHash, input.currentPassword),
  );
  if (!attempt.allowed)
    return { ok: false, error: `login.wait?minutes=${Math.ceil(attempt.retryAfterSeconds / 60)}` as const };
  if (!attempt.verified) {
    ctx.logger.info({ event: 'password-change-failed' }, 'password change: wrong current password');
    return { ok: false, field: 'currentPassword', error: 'password-change.wrong-current' };
  }

  const problem =
    passwordProblem(input.newPassword, customer.email) ??
    (isCommonPassword(input.newPassword) ? 'password.too-common' : null) ??
    (input.newPassword === input.currentPassword ? 'password-change.same' : null);
  if (problem) return { ok: false, field: 'newPassword', error: problem };

  const passwordHash = await hashPassword(input.newPassword);
  const mail = renderPersonalDataMail(
    {
      kind: 'password-changed',
      firstName: customer.firstName,
      resetUrl: mailLink(ctx.config, 'passwordResetStart', actor.locale),
    },
    actor.locale,
    ctx.brand,
  );
  await ctx.db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash }).where(eq(customers.id, customerId));
    await endAllSessions(tx, customerId, actor.session.idHash);
    await markReauthenticated(tx, actor.session.idHash, now);
    // A reset link, email change or phone code asked for before the change must not outlive it.
    await endPendingChanges(tx, customerId);
    await enqueueMail(tx, customer.email, mail);
  });
  ctx.onMailQueued(customer.email, mail.subject, mail.text);
  return { ok: true, otherSessionsEnded: true };
}

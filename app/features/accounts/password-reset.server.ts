import { eq } from 'drizzle-orm';
import { answerTiming } from '~/config/answer-timing';
import { security } from '~/config/security';
import { customers } from '~/db/schema';
import { enqueueMail } from '~/shared/mail/outbox.server';
import { renderMail } from '~/shared/mail/templates';
import { allowAccountMail } from '~/shared/security/login-throttle.server';
import { withMinimumDuration } from '~/shared/security/minimum-duration';
import type { Locale } from '~/i18n/locales';
import { mailLink, type AccountContext } from './account-context';
import { consumeAccountToken, createAccountToken, peekAccountToken } from './account-tokens.server';
import { isCommonPassword } from './common-passwords.server';
import { passwordProblem } from '../../shared/security/password-policy';
import { hashPassword } from '../../shared/security/passwords.server';
import { endPendingChanges } from './pending-changes.server';
import { endAllSessions } from './sessions.server';

/**
 * The reset request as the anonymous form answers it: the same, after the same time, whether or not
 * the address has an account.
 */
export function answerPasswordResetRequest(context: AccountContext, rawEmail: string, locale: Locale): Promise<void> {
  return withMinimumDuration(answerTiming.passwordResetRequestMs, () =>
    requestPasswordReset(context, rawEmail, locale),
  );
}

/**
 * Starts a reset: for a known address (and at most 3 mails an hour) a link valid 60 minutes goes
 * out. The mail and its link are in `locale`, the language of the page the request came from: the
 * one the person asking reads now, whatever the account stored at registration. The caller answers
 * the same either way.
 */
export async function requestPasswordReset(context: AccountContext, rawEmail: string, locale: Locale): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const [customer] = await context.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  if (!customer || !(await allowAccountMail(context.rateLimits, email))) return;
  const mail = await context.db.transaction(async (tx) => {
    const token = await createAccountToken(tx, customer.id, 'reset-password', security.resetPasswordTokenMs);
    const rendered = renderMail(
      { kind: 'reset-password', url: mailLink(context.config, 'passwordResetFinish', locale, { token }) },
      locale,
      context.brand,
    );
    await enqueueMail(tx, email, rendered);
    return rendered;
  });
  context.onMailQueued(email, mail.subject, mail.text);
}

export type ResetOutcome =
  | { ok: true }
  | { ok: false; error: 'reset.link-invalid' | 'reset.link-expired' | 'reset.link-used' }
  | { ok: false; field: 'password'; error: string };

const linkErrors = {
  invalid: 'reset.link-invalid',
  expired: 'reset.link-expired',
  used: 'reset.link-used',
} as const;

/** Whether a reset link can still be used, to show the form or say why not. */
export async function checkResetLink(context: AccountContext, token: string): Promise<ResetOutcome> {
  const check = await peekAccountToken(context.db, token, 'reset-password');
  return check.ok ? { ok: true } : { ok: false, error: linkErrors[check.reason] };
}

/**
 * Sets the new password with a valid link, once; every session of the customer ends, and so does
 * every change still waiting for its link or code (pending-changes.server.ts).
 */
export async function resetPassword(context: AccountContext, token: string, password: string): Promise<ResetOutcome> {
  const check = await peekAccountToken(context.db, token, 'reset-password');
  if (!check.ok) return { ok: false, error: linkErrors[check.reason] };
  const [customer] = await context.db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, check.customerId));
  const problem =
    passwordProblem(password, customer?.email) ?? (isCommonPassword(password) ? 'password.too-common' : null);
  if (problem) return { ok: false, field: 'password', error: problem };

  const passwordHash = await hashPassword(password);
  return context.db.transaction(async (tx): Promise<ResetOutcome> => {
    // Claimed again inside the transaction: of two simultaneous uses only one succeeds.
    const claim = await consumeAccountToken(tx, token, 'reset-password');
    if (!claim.ok) return { ok: false, error: linkErrors[claim.reason] };
    await tx.update(customers).set({ passwordHash }).where(eq(customers.id, claim.customerId));
    await endAllSessions(tx, claim.customerId);
    await endPendingChanges(tx, claim.customerId);
    return { ok: true };
  });
}

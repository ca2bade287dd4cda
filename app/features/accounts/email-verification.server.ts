import { and, eq, isNull } from 'drizzle-orm';
import { security } from '~/config/security';
import { customers } from '~/db/schema';
import { enqueueMail } from '~/shared/mail/outbox.server';
import { renderMail } from '~/shared/mail/templates';
import { allowAccountMail } from '~/shared/security/login-throttle.server';
import type { Locale } from '~/i18n/locales';
import { mailLink, type AccountContext } from './account-context';
import { consumeAccountToken, createAccountToken } from './account-tokens.server';

export type VerificationOutcome =
  { ok: true } | { ok: false; error: 'verify.link-invalid' | 'verify.link-expired' | 'verify.link-used' };

/** Confirms the email address behind a link (valid 24 hours, once). */
export async function verifyEmail(
  context: AccountContext,
  token: string,
  now = new Date(),
): Promise<VerificationOutcome> {
  return context.db.transaction(async (tx): Promise<VerificationOutcome> => {
    const check = await consumeAccountToken(tx, token, 'verify-email', now);
    if (!check.ok) {
      const error = (
        { invalid: 'verify.link-invalid', expired: 'verify.link-expired', used: 'verify.link-used' } as const
      )[check.reason];
      return { ok: false, error };
    }
    await tx
      .update(customers)
      .set({ emailVerifiedAt: now })
      .where(and(eq(customers.id, check.customerId), isNull(customers.emailVerifiedAt)));
    return { ok: true };
  });
}

/**
 * Sends a new verification link to an unverified customer, at most 3 times an hour, in `locale`: the
 * language of the page the customer asked from.
 */
export async function resendVerification(
  context: AccountContext,
  customerId: string,
  locale: Locale,
): Promise<'sent' | 'limited' | 'verified'> {
  const [customer] = await context.db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer || customer.emailVerifiedAt) return 'verified';
  if (!(await allowAccountMail(context.rateLimits, customer.email))) return 'limited';
  const mail = await context.db.transaction(async (tx) => {
    const token = await createAccountToken(tx, customer.id, 'verify-email', security.verifyEmailTokenMs);
    const rendered = renderMail(
      {
        kind: 'verify-email',
        firstName: customer.firstName,
        url: mailLink(context.config, 'verifyEmail', locale, { token }),
      },
      locale,
      context.brand,
    );
    await enqueueMail(tx, customer.email, rendered);
    return rendered;
  });
  context.onMailQueued(customer.email, mail.subject, mail.text);
  return 'sent';
}

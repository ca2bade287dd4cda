import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { accountTokens, customers } from '~/db/schema';
import {
  type AccountContext,
  confirmRecentAuthentication,
  consumeAccountToken,
  type CurrentSession,
  hashToken,
  mailLink,
  peekAccountToken,
} from '~/features/accounts/public.server';
import { enqueueMail } from '~/shared/mail/outbox.server';
import { allowAccountMail } from '~/shared/security/login-throttle.server';
import type { Locale } from '~/i18n/locales';
import { renderPersonalDataMail } from './mails';
import { maskEmail } from './masking';
import { confirmEmailChangePaths, personalDataPolicy } from './policy';
import { isUniqueViolation } from '~/db/errors';

/** Who asks for a change: the logged-in session, the client's address (for limits), the page's locale. */
export interface Actor {
  session: CurrentSession;
  clientIp: string;
  locale: Locale;
}

export type EmailChangeRequestOutcome =
  | { ok: true }
  | { ok: false; field: 'email'; error: 'email-change.same' }
  | { ok: false; field: 'currentPassword'; error: 'reauth.required' | 'reauth.wrong' }
  | { ok: false; field?: undefined; error: 'reauth.wait' | 'email-change.too-many' };

const hourMs = 60 * 60 * 1000;

/**
 * Starts an email change (docs/rules/personal-data.md#email-change): with the current password or a login
 * in the last 15 minutes, a confirmation link (24 hours, once; only its hash is stored, the new address as
 * the token's payload) goes to the new address and a notice to the old one. Nothing changes until the link
 * is used.
 *
 * An address that belongs to another account is not revealed: the page answers the same, the token
 * is stored the same (so the pending change looks the same), but instead of the link the new address
 * gets a note that it already has an account. The old address gets its notice either way.
 */
export async function requestEmailChange(
  ctx: AccountContext,
  actor: Actor,
  input: { email: string; currentPassword?: string },
  now = new Date(),
): Promise<EmailChangeRequestOutcome> {
  const customerId = actor.session.customerId;
  const newEmail = input.email.trim().toLowerCase();
  const [customer] = await ctx.db
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return { ok: false, field: 'currentPassword', error: 'reauth.wrong' };
  if (newEmail === customer.email) return { ok: false, field: 'email', error: 'email-change.same' };

  const reauth = await confirmRecentAuthentication(ctx, actor.session, input.currentPassword, actor.clientIp, now);
  if (!reauth.ok) {
    return reauth.error === 'reauth.wait'
      ? { ok: false, error: 'reauth.wait' }
      : { ok: false, field: 'currentPassword', error: reauth.error };
  }

  // Each request sends two mails: at most a few per customer and hour, and the new address shares
  // the limit of reset and verification mails (3 per address and hour).
  const requestLimit = { max: personalDataPolicy.emailChangesPerHour, windowMs: hourMs };
  const requestAllowed = await ctx.rateLimits.hit(`email-change:${customerId}`, requestLimit);
  if (!requestAllowed || !(await allowAccountMail(ctx.rateLimits, newEmail))) {
    return { ok: false, error: 'email-change.too-many' };
  }

  const [owner] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, newEmail), ne(customers.id, customerId)));

  const mails = await ctx.db.transaction(async (tx) => {
    // Only the newest request counts: older links stop working.
    await tx
      .delete(accountTokens)
      .where(
        and(
          eq(accountTokens.customerId, customerId),
          eq(accountTokens.purpose, 'change-email'),
          isNull(accountTokens.usedAt),
        ),
      );
    const token = randomBytes(32).toString('base64url');
    await tx.insert(accountTokens).values({
      tokenHash: hashToken(token),
      customerId,
      purpose: 'change-email',
      payload: newEmail,
      expiresAt: new Date(now.getTime() + personalDataPolicy.emailChangeLinkMs),
      createdAt: now,
    });
    const toNew = owner
      ? renderPersonalDataMail(
          {
            kind: 'email-change-taken',
            loginUrl: mailLink(ctx.config, 'login', actor.locale),
            resetUrl: mailLink(ctx.config, 'passwordResetStart', actor.locale),
          },
          actor.locale,
          ctx.brand,
        )
      : renderPersonalDataMail(
          {
            kind: 'email-change-confirm',
            firstName: customer.firstName,
            newEmail,
            url: confirmEmailChangeLink(ctx, actor.locale, token),
          },
          actor.locale,
          ctx.brand,
        );
    const toOld = renderPersonalDataMail(
      { kind: 'email-change-notice', firstName: customer.firstName, maskedNewEmail: maskEmail(newEmail) },
      actor.locale,
      ctx.brand,
    );
    await enqueueMail(tx, newEmail, toNew);
    await enqueueMail(tx, customer.email, toOld);
    return [
      { to: newEmail, mail: toNew },
      { to: customer.email, mail: toOld },
    ];
  });
  for (const { to, mail } of mails) ctx.onMailQueued(to, mail.subject, mail.text);
  return { ok: true };
}

export function confirmEmailChangeLink(ctx: Pick<AccountContext, 'config'>, locale: Locale, token: string): string {
  return `${ctx.config.publicUrl}${confirmEmailChangePaths[locale]}?${new URLSearchParams({ token })}`;
}

/** The change waiting for its confirmation, if any: the new address and until when the link works. */
/** The address the change form shows as the current one ('' once the account is gone). */
export async function currentEmail(db: Database, customerId: string): Promise<string> {
  const [customer] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
  return customer?.email ?? '';
}

export async function pendingEmailChange(
  db: Database,
  customerId: string,
  now = new Date(),
): Promise<{ email: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ email: accountTokens.payload, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.customerId, customerId),
        eq(accountTokens.purpose, 'change-email'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.email ? { email: row.email, expiresAt: row.expiresAt } : null;
}

/** Withdraws a pending change: its link stops working. */
export async function cancelEmailChange(db: Database, customerId: string): Promise<void> {
  await db
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.customerId, customerId),
        eq(accountTokens.purpose, 'change-email'),
        isNull(accountTokens.usedAt),
      ),
    );
}

export type LinkError = 'email-change.link-invalid' | 'email-change.link-expired' | 'email-change.link-used';
export type EmailChangeConfirmation =
  { ok: true; email: string } | { ok: false; error: LinkError | 'email-change.taken' };

const linkErrors = {
  invalid: 'email-change.link-invalid',
  expired: 'email-change.link-expired',
  used: 'email-change.link-used',
} as const;

/** Whether a confirmation link would still work, to say so before the button is pressed. */
export async function checkEmailChangeLink(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; error: LinkError }> {
  const check = await peekAccountToken(db, token, 'change-email', now);
  return check.ok ? { ok: true } : { ok: false, error: linkErrors[check.reason] };
}

/**
 * Applies a confirmed email change: the link works once and within 24 hours; the address becomes
 * the login and counts as verified. When the address has meanwhile become another account's, the
 * link is used up and the change refused with a clear message.
 */
export async function confirmEmailChange(
  ctx: Pick<AccountContext, 'db'>,
  token: string,
  now = new Date(),
): Promise<EmailChangeConfirmation> {
  try {
    return await ctx.db.transaction(async (tx): Promise<EmailChangeConfirmation> => {
      const claim = await consumeAccountToken(tx, token, 'change-email', now);
      if (!claim.ok) return { ok: false, error: linkErrors[claim.reason] };
      const [row] = await tx
        .select({ email: accountTokens.payload })
        .from(accountTokens)
        .where(eq(accountTokens.tokenHash, hashToken(token)));
      const email = row?.email;
      if (!email) return { ok: false, error: 'email-change.link-invalid' };
      const [owner] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.email, email), ne(customers.id, claim.customerId)));
      if (owner) return { ok: false, error: 'email-change.taken' };
      await tx.update(customers).set({ email, emailVerifiedAt: now }).where(eq(customers.id, claim.customerId));
      return { ok: true, email };
    });
  } catch (error) {
    // Someone registered the address between the check and the update.
    if (isUniqueViolation(error)) return { ok: false, error: 'email-change.taken' };
    throw error;
  }
}

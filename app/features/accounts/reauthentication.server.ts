import { eq } from 'drizzle-orm';
import { customers } from '~/db/schema';
import { checkPasswordWithinLimits } from '~/shared/security/login-throttle.server';
import type { AccountContext } from './account-context';
import { verifyPassword } from '../../shared/security/passwords.server';
import { isRecentlyAuthenticated, markReauthenticated, type CurrentSession } from './sessions.server';

/**
 * Email, password, payment and cancellation changes need a login or a password confirmation within the last
 * 15 minutes (docs/rules/accounts.md#reauthentication). Forms of such changes carry a `currentPassword`
 * field that is shown only when the window has passed; a right password reopens the window.
 *
 * Wrong passwords count against the same brute-force limits as logins, reserved before the
 * password is verified, so a stolen session cannot be used to guess the password.
 */
export type Reauthentication = { ok: true } | { ok: false; error: 'reauth.required' | 'reauth.wrong' | 'reauth.wait' };

export async function confirmRecentAuthentication(
  ctx: Pick<AccountContext, 'db' | 'rateLimits'>,
  session: CurrentSession,
  currentPassword: string | undefined,
  clientIp: string,
  now = new Date(),
): Promise<Reauthentication> {
  if (isRecentlyAuthenticated(session, now)) return { ok: true };
  if (!currentPassword) return { ok: false, error: 'reauth.required' };

  const [customer] = await ctx.db
    .select({ email: customers.email, passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.id, session.customerId));
  if (!customer) return { ok: false, error: 'reauth.wrong' };
  const attempt = await checkPasswordWithinLimits(ctx.rateLimits, customer.email, clientIp, () =>
    verifyPassword(customer.passwordHash, currentPassword),
  );
  if (!attempt.allowed) return { ok: false, error: 'reauth.wait' };
  if (!attempt.verified) return { ok: false, error: 'reauth.wrong' };
  await markReauthenticated(ctx.db, session.idHash, now);
  return { ok: true };
}

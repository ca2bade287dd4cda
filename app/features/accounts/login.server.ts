import { eq, sql } from 'drizzle-orm';
import { preparedFor } from '~/db/prepared.server';
import { customers } from '~/db/schema';
import { checkPasswordWithinLimits } from '~/shared/security/login-throttle.server';
import type { AccountContext } from './account-context';
import { verifyPassword } from '../../shared/security/passwords.server';
import { createSession } from './sessions.server';

export type LoginOutcome =
  | { ok: true; customerId: string; token: string; expiresAt: Date }
  | { ok: false; error: 'login.invalid' }
  | { ok: false; error: 'login.wait'; retryAfterSeconds: number };

/** The account a login names: every login asks. */
const loginAccount = preparedFor((db) =>
  db
    .select({ id: customers.id, passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.email, sql.placeholder('email')))
    .prepare('login_account'),
);

/**
 * Email and password to a new session. Wrong email and wrong password give the same answer after
 * the same work; while an account or address waits after repeated failures, even the right
 * password is refused. The attempt counts as a failure before the password is verified, so guesses
 * sent together cannot all be verified before the first of them is counted.
 */
export async function logIn(
  context: AccountContext,
  input: { email: string; password: string; ip: string; userAgent: string },
): Promise<LoginOutcome> {
  const email = input.email.trim().toLowerCase();
  const attempt = await checkPasswordWithinLimits(context.rateLimits, email, input.ip, async () => {
    const [customer] = await loginAccount(context.db).execute({ email });
    return (await verifyPassword(customer?.passwordHash, input.password)) && customer ? customer.id : false;
  });
  if (!attempt.allowed) return { ok: false, error: 'login.wait', retryAfterSeconds: attempt.retryAfterSeconds };
  const customerId = attempt.verified;
  if (!customerId) {
    context.logger.info({ event: 'login-failed' }, 'login failed');
    return { ok: false, error: 'login.invalid' };
  }
  const session = await createSession(context.db, customerId, input.userAgent);
  return { ok: true, customerId, ...session };
}

import { eq } from 'drizzle-orm';
import { customers } from '~/db/schema';
import { checkLoginAllowed, recordLoginFailure, recordLoginSuccess } from '~/features/security/login-throttle.server';
import type { AccountContext } from './account-context';
import { verifyPassword } from './passwords.server';
import { createSession } from './sessions.server';

export type LoginOutcome =
  | { ok: true; customerId: string; token: string; expiresAt: Date }
  | { ok: false; error: 'login.invalid' }
  | { ok: false; error: 'login.wait'; retryAfterSeconds: number };

/**
 * Email and password to a new session. Wrong email and wrong password give the same answer after
 * the same work; while an account or address waits after repeated failures, even the right
 * password is refused.
 */
export async function logIn(
  context: AccountContext,
  input: { email: string; password: string; ip: string; userAgent: string },
): Promise<LoginOutcome> {
  const email = input.email.trim().toLowerCase();
  const gate = await checkLoginAllowed(context.rateLimits, email, input.ip);
  if (!gate.allowed) return { ok: false, error: 'login.wait', retryAfterSeconds: gate.retryAfterSeconds };

  const [customer] = await context.db
    .select({ id: customers.id, passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.email, email));
  if (!(await verifyPassword(customer?.passwordHash, input.password)) || !customer) {
    await recordLoginFailure(context.rateLimits, email, input.ip);
    context.logger.info({ event: 'login-failed' }, 'login failed');
    return { ok: false, error: 'login.invalid' };
  }
  await recordLoginSuccess(context.rateLimits, email);
  const session = await createSession(context.db, customer.id, input.userAgent);
  return { ok: true, customerId: customer.id, ...session };
}

import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { accountTokens } from '~/db/schema';
import { hashToken } from './sessions.server';

type Purpose = (typeof accountTokens.$inferInsert)['purpose'];
type Writer = Pick<Database, 'insert'>;

/** A single-use token for a mailed link; only its hash is stored. */
export async function createAccountToken(
  db: Writer,
  customerId: string,
  purpose: Purpose,
  validForMs: number,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    tokenHash: hashToken(token),
    customerId,
    purpose,
    expiresAt: new Date(now.getTime() + validForMs),
    createdAt: now,
  });
  return token;
}

export type TokenCheck = { ok: true; customerId: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/**
 * Uses a token up: valid only once, only before it expires, only for its purpose. Marking it used
 * is a conditional update, so two simultaneous uses cannot both succeed.
 */
export async function consumeAccountToken(
  db: Pick<Database, 'select' | 'update'>,
  token: string,
  purpose: Purpose,
  now = new Date(),
): Promise<TokenCheck> {
  if (!/^[\w-]{43}$/.test(token)) return { ok: false, reason: 'invalid' };
  const tokenHash = hashToken(token);
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)));
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  const claimed = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, tokenHash), isNull(accountTokens.usedAt)))
    .returning({ customerId: accountTokens.customerId });
  return claimed.length === 1 ? { ok: true, customerId: row.customerId } : { ok: false, reason: 'used' };
}

/** Whether a token would be accepted, without using it (to show the form behind a link). */
export async function peekAccountToken(
  db: Database,
  token: string,
  purpose: Purpose,
  now = new Date(),
): Promise<TokenCheck> {
  if (!/^[\w-]{43}$/.test(token)) return { ok: false, reason: 'invalid' };
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)));
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, customerId: row.customerId };
}

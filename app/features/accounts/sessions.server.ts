import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { security } from '~/config/security';
import type { Database } from '~/db/client.server';
import { preparedFor } from '~/db/prepared.server';
import { customers, sessions } from '~/db/schema';
import { hostCookieName, sessionCookieName } from '~/platform/cookies';

export interface CurrentSession {
  idHash: string;
  customerId: string;
  authenticatedAt: Date;
  /** What every page shows of the customer (header, verification reminder), read with the session. */
  customer: { firstName: string; emailVerified: boolean };
  /** Set when the sliding lifetime was extended: the cookie must be sent again. */
  renewedUntil?: Date;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session with a fresh random id (256 bits) — at every login, never reused. */
export async function createSession(
  db: Database,
  customerId: string,
  userAgent: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + security.sessionLifetimeMs);
  await newSession(db).execute({
    idHash: hashToken(token),
    customerId,
    // Values go through the columns' own encoding (a Date for a timestamp), as in any insert.
    now,
    expiresAt,
    userAgent: userAgent.slice(0, security.sessionUserAgentLength),
  });
  return { token, expiresAt };
}

/** A login's new session: every login writes one. */
const newSession = preparedFor((db) =>
  db
    .insert(sessions)
    .values({
      idHash: sql.placeholder('idHash'),
      customerId: sql.placeholder('customerId'),
      createdAt: sql.placeholder('now'),
      authenticatedAt: sql.placeholder('now'),
      lastSeenAt: sql.placeholder('now'),
      expiresAt: sql.placeholder('expiresAt'),
      userAgent: sql.placeholder('userAgent'),
    })
    .prepare('new_session'),
);

/** The session behind a cookie, with what every page shows of its customer: every logged-in request asks. */
const liveSession = preparedFor((db) =>
  db
    .select({
      customerId: sessions.customerId,
      authenticatedAt: sessions.authenticatedAt,
      lastSeenAt: sessions.lastSeenAt,
      firstName: customers.firstName,
      emailVerifiedAt: customers.emailVerifiedAt,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('live_session'),
);

/**
 * The live session behind a cookie token, with the customer's summary in the same query (a session
 * is deleted with its customer); extends the 30-day lifetime at most once an hour.
 */
export async function readSession(db: Database, token: string, now = new Date()): Promise<CurrentSession | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const idHash = hashToken(token);
  // A placeholder's value goes to the driver as it is, past the column's own encoding.
  const [row] = await liveSession(db).execute({ idHash, now: now.toISOString() });
  if (!row) return null;
  const current: CurrentSession = {
    idHash,
    customerId: row.customerId,
    authenticatedAt: row.authenticatedAt,
    customer: { firstName: row.firstName, emailVerified: row.emailVerifiedAt !== null },
  };
  if (now.getTime() - row.lastSeenAt.getTime() >= security.sessionTouchIntervalMs) {
    const expiresAt = new Date(now.getTime() + security.sessionLifetimeMs);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.idHash, idHash));
    current.renewedUntil = expiresAt;
  }
  return current;
}

export async function endSession(db: Database, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Signs a customer out everywhere (password reset), or everywhere else (password change). */
export async function endAllSessions(db: Database, customerId: string, exceptIdHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptIdHash
        ? and(eq(sessions.customerId, customerId), ne(sessions.idHash, exceptIdHash))
        : eq(sessions.customerId, customerId),
    );
}

/** Records a password confirmation: sensitive changes are allowed for the next 15 minutes. */
export async function markReauthenticated(db: Database, idHash: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ authenticatedAt: now }).where(eq(sessions.idHash, idHash));
}

export function isRecentlyAuthenticated(session: CurrentSession, now = new Date()): boolean {
  return now.getTime() - session.authenticatedAt.getTime() <= security.reauthenticationWindowMs;
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${hostCookieName(sessionCookieName, secure)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${hostCookieName(sessionCookieName, secure)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

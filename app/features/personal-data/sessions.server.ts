import { createHash } from 'node:crypto';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { sessions } from '~/db/schema';
import { describeUserAgent, type DeviceDescription } from './user-agent';

export interface SessionListEntry {
  /** A reference for the "end" button; neither the cookie value nor the stored hash. */
  ref: string;
  createdAt: Date;
  lastSeenAt: Date;
  device: DeviceDescription;
  current: boolean;
}

/**
 * The stored id hash never reaches a browser: buttons name a session by a hash of it, which is
 * useless anywhere else and is looked up only among the logged-in customer's own sessions.
 */
export function sessionRef(idHash: string): string {
  return createHash('sha256').update(`session-ref:${idHash}`).digest('hex').slice(0, 32);
}

/**
 * How many sessions the personal-data page lists. A customer can pile up sessions (an app that
 * logs in again and again, or a stolen password at work): past this many, the page names only how
 * many more there are, and "sign out everywhere else" still ends them all.
 */
export const listedSessionsLimit = 10;

export interface SessionList {
  /** The current session first, then the others most recently used first. */
  entries: SessionListEntry[];
  /** Live sessions beyond the listed ones. */
  more: number;
}

/** The customer's live sessions: the current one and the most recently used others. */
export async function listSessions(
  db: Database,
  customerId: string,
  currentIdHash: string,
  now = new Date(),
): Promise<SessionList> {
  const rows = await db
    .select({
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(sessions)
    .where(and(eq(sessions.customerId, customerId), gt(sessions.expiresAt, now)))
    .orderBy(desc(eq(sessions.idHash, currentIdHash)), desc(sessions.lastSeenAt))
    .limit(listedSessionsLimit);
  const entries = rows.map((row) => ({
    ref: sessionRef(row.idHash),
    createdAt: row.createdAt,
    // The current request is the most recent use of the current session.
    lastSeenAt: row.idHash === currentIdHash ? now : row.lastSeenAt,
    device: describeUserAgent(row.userAgent),
    current: row.idHash === currentIdHash,
  }));
  return { entries, more: (rows[0]?.total ?? 0) - rows.length };
}

/**
 * Ends one of the customer's other sessions. The reference is matched only among this customer's
 * sessions, and the delete is scoped to the customer again: a reference of someone else's session
 * ends nothing. The current session ends by logging out.
 */
export async function endOtherSession(
  db: Database,
  customerId: string,
  currentIdHash: string,
  ref: string,
): Promise<'ended' | 'not-found'> {
  if (!/^[0-9a-f]{32}$/.test(ref)) return 'not-found';
  const own = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(eq(sessions.customerId, customerId), ne(sessions.idHash, currentIdHash)));
  const target = own.find((row) => sessionRef(row.idHash) === ref);
  if (!target) return 'not-found';
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.idHash, target.idHash), eq(sessions.customerId, customerId)))
    .returning({ idHash: sessions.idHash });
  return deleted.length === 1 ? 'ended' : 'not-found';
}

/** "Sign out everywhere else": every session of the customer but the current one ends. */
export async function endOtherSessions(db: Database, customerId: string, currentIdHash: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.customerId, customerId), ne(sessions.idHash, currentIdHash)))
    .returning({ idHash: sessions.idHash });
  return deleted.length;
}

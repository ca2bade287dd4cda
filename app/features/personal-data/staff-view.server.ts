import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { sessions } from '~/db/schema';
import { describeUserAgent, type DeviceDescription } from './user-agent';

/** A customer's live session as the back office shows it: device and times, never the id or its hash. */
export interface StaffSessionEntry {
  device: DeviceDescription;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The customer's live sessions, most recently used first (read-only, for the back office). */
export async function sessionsForStaff(
  db: Database,
  customerId: string,
  limit: number,
  now = new Date(),
): Promise<StaffSessionEntry[]> {
  const rows = await db
    .select({ userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.customerId, customerId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(limit);
  return rows.map((row) => ({
    device: describeUserAgent(row.userAgent),
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
  }));
}

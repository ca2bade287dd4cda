import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { backOffice, type StaffRole } from '~/config/back-office';
import type { Database } from '~/db/client.server';
import { staffAccounts, staffSessions } from '~/db/schema';
import { hostCookieName, staffSessionCookieName } from '~/platform/cookies';
import { security } from '~/config/security';

/**
 * Staff sessions (docs/rules/back-office.md#staff-sessions): their own table and their own cookie,
 * never the customers'. A session ends after 15 minutes without a request and 8 hours after its
 * login, whichever comes first; a login gets a new id; logging out deletes it.
 */

/** The back office's cookie: `__Host-bo_sid` under HTTPS (app/platform/cookies.ts). */
export const staffCookieBaseName = staffSessionCookieName;
export const staffCookieName = (secure: boolean) => hostCookieName(staffCookieBaseName, secure);

const hashToken = (token: string) => createHash('sha256').update(`staff:${token}`).digest('hex');
const tokenShape = /^[\w-]{43}$/;

export interface StaffMember {
  /** The session's stored hash, for logging out. */
  sessionIdHash: string;
  staffId: string;
  email: string;
  displayName: string;
  role: StaffRole;
}

export async function createStaffSession(
  db: Database,
  staffId: string,
  stage: 'second-factor' | 'active',
  userAgent: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const lifetime = stage === 'active' ? backOffice.session.absoluteLifetimeMs : backOffice.session.secondFactorMs;
  const expiresAt = new Date(now.getTime() + lifetime);
  await db.insert(staffSessions).values({
    idHash: hashToken(token),
    staffId,
    stage,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: userAgent.slice(0, security.sessionUserAgentLength),
  });
  return { token, expiresAt };
}

/** The staff member behind a cookie between password and code, or null. */
export async function readSecondFactorSession(
  db: Database,
  token: string | undefined,
  now = new Date(),
): Promise<{ idHash: string; staffId: string } | null> {
  if (!token || !tokenShape.test(token)) return null;
  const idHash = hashToken(token);
  const [row] = await db
    .select({ staffId: staffSessions.staffId })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.idHash, idHash),
        eq(staffSessions.stage, 'second-factor'),
        gt(staffSessions.expiresAt, now),
        eq(staffAccounts.active, true),
        isNotNull(staffAccounts.confirmedAt),
      ),
    );
  return row ? { idHash, staffId: row.staffId } : null;
}

/**
 * The logged-in staff member behind a cookie, or null when the session is unknown, half logged in,
 * idle too long, past its 8 hours, or the account was deactivated or waits for a confirmation. Moves
 * the idle clock on at most once a minute.
 */
export async function readStaffSession(
  db: Database,
  token: string | undefined,
  now = new Date(),
): Promise<StaffMember | null> {
  if (!token || !tokenShape.test(token)) return null;
  const idHash = hashToken(token);
  const [row] = await db
    .select({
      staffId: staffSessions.staffId,
      lastSeenAt: staffSessions.lastSeenAt,
      email: staffAccounts.email,
      displayName: staffAccounts.displayName,
      role: staffAccounts.role,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.idHash, idHash),
        eq(staffSessions.stage, 'active'),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - backOffice.session.idleTimeoutMs)),
        eq(staffAccounts.active, true),
        isNotNull(staffAccounts.confirmedAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= backOffice.session.touchIntervalMs) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  }
  return {
    sessionIdHash: idHash,
    staffId: row.staffId,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
  };
}

export async function deleteStaffSession(db: Database, idHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
}

/** The cookie: httpOnly, SameSite=Strict, `__Host-` and Secure under HTTPS, gone when the absolute end has come. */
export function staffSessionCookie(token: string, expiresAt: Date, secure: boolean, now = Date.now()): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000));
  return `${staffCookieName(secure)}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

export function clearedStaffSessionCookie(secure: boolean): string {
  return `${staffCookieName(secure)}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;
}

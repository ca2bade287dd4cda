import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { backOffice, type StaffRole } from '~/config/back-office';
import { staffAccounts, staffRecoveryCodes, staffSessions } from '~/db/schema';
import { recordAudit, type AuditOrigin } from '~/features/audit/public.server';
import { hashPassword } from '~/shared/security/passwords.server';
import { newRecoveryCode, recoveryCodeHash } from './recovery-codes.server';
import { sealSecret } from './secret-box.server';
import type { StaffContext } from './staff-context';
import { newTotpSecret, otpauthUri } from './totp.server';

export interface NewStaffInput {
  email: string;
  displayName: string;
  role: StaffRole;
  /** Chosen by the person who runs the command; otherwise a strong random one is generated. */
  password?: string;
}

/** What is shown once, to the person the account is for, and never again. */
export interface StaffEnrolment {
  staffId: string;
  email: string;
  password: string;
  totpSecret: string;
  otpauthUri: string;
  recoveryCodes: string[];
}

export type CreateStaffOutcome = { kind: 'created'; enrolment: StaffEnrolment } | { kind: 'email-taken' };

/** A random password of 24 characters (about 140 bits), for a staff member to replace or keep in a manager. */
export function generateStaffPassword(): string {
  return randomBytes(18).toString('base64url');
}

export const normalizeStaffEmail = (email: string) => email.trim().toLowerCase();

/**
 * Creates a staff account with its second factor: password (argon2id), TOTP secret (encrypted with
 * STAFF_TOTP_KEY) and recovery codes (keyed hashes). Refused when the email has an account already.
 * `createdBy` is the admin who created it, null for the first admin created on the command line;
 * either way the creation is in the audit log. Whoever creates an account on the command line runs a
 * command on the server, as its operator, so that account needs no admin's confirmation
 * (staff-confirmation.server.ts); the back office makes accounts with enrolment links instead
 * (staff-enrolment.server.ts).
 */
export async function createStaffAccount(
  ctx: Pick<StaffContext, 'db' | 'config'>,
  input: NewStaffInput,
  createdBy: string | null,
  origin: AuditOrigin = {},
): Promise<CreateStaffOutcome> {
  const email = normalizeStaffEmail(input.email);
  const password = input.password ?? generateStaffPassword();
  const totpSecret = newTotpSecret();
  const recoveryCodes = Array.from({ length: backOffice.recoveryCodes }, newRecoveryCode);
  const passwordHash = await hashPassword(password);
  const key = ctx.config.staffTotpKey;
  const now = new Date();
  const staffId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        email,
        displayName: input.displayName.trim(),
        role: input.role,
        passwordHash,
        totpSecretEncrypted: sealSecret(totpSecret, key),
        createdBy,
        // Enrolled now: the password, key and codes are printed to whoever runs the command.
        enrolledAt: now,
        // An account an admin made would wait like an invited one (staff-confirmation.server.ts).
        confirmedAt: createdBy === null ? now : null,
      })
      .onConflictDoNothing({ target: staffAccounts.email })
      .returning({ id: staffAccounts.id });
    if (!row) return null;
    await tx
      .insert(staffRecoveryCodes)
      .values(recoveryCodes.map((code) => ({ staffId: row.id, codeHash: recoveryCodeHash(code, key) })));
    await recordAudit(
      tx,
      {
        // The first admin creates itself: it is the actor of its own creation.
        actorStaffId: createdBy ?? row.id,
        action: 'staff.create',
        subjectType: 'staff-account',
        subjectId: row.id,
        after: {
          email,
          displayName: input.displayName.trim(),
          role: input.role,
          active: true,
          via: createdBy ? 'back office' : 'command line',
        },
      },
      origin,
    );
    return row.id;
  });
  if (!staffId) return { kind: 'email-taken' };
  return {
    kind: 'created',
    enrolment: { staffId, email, password, totpSecret, otpauthUri: otpauthUri(totpSecret, email), recoveryCodes },
  };
}

export interface StaffListEntry {
  id: string;
  email: string;
  displayName: string;
  role: StaffRole;
  active: boolean;
  /** When the person completed their latest enrolment; null while its link is open. */
  enrolledAt: Date | null;
  /** Waits for a second admin's confirmation before it can log in (staff-confirmation.server.ts). */
  awaitingConfirmation: boolean;
  /** Who created the account and who issued its latest enrolment link (null: nobody, or the command line). */
  createdBy: string | null;
  enrolledBy: string | null;
  createdAt: Date;
}

/** One page of staff accounts, by name, and whether there is a next one. */
export async function listStaffAccounts(
  ctx: Pick<StaffContext, 'db'>,
  page: number,
  pageSize: number = backOffice.pageSize,
): Promise<{ staff: StaffListEntry[]; hasNext: boolean }> {
  const rows = await ctx.db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      displayName: staffAccounts.displayName,
      role: staffAccounts.role,
      active: staffAccounts.active,
      enrolledAt: staffAccounts.enrolledAt,
      confirmedAt: staffAccounts.confirmedAt,
      createdBy: staffAccounts.createdBy,
      enrolledBy: staffAccounts.enrolledBy,
      createdAt: staffAccounts.createdAt,
    })
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.displayName), asc(staffAccounts.email))
    .limit(pageSize + 1)
    .offset(Math.max(0, page - 1) * pageSize);
  return {
    staff: rows
      .slice(0, pageSize)
      .map(({ confirmedAt, ...row }) => ({ ...row, awaitingConfirmation: confirmedAt === null })),
    hasNext: rows.length > pageSize,
  };
}

export type DeactivateOutcome = 'deactivated' | 'not-found' | 'already-inactive' | 'self';

/**
 * Deactivates a staff account: it can no longer log in, and its sessions end at once. An admin
 * cannot deactivate themselves (so that the last admin cannot lock everyone out by mistake).
 */
export async function deactivateStaffAccount(
  ctx: Pick<StaffContext, 'db'>,
  actorStaffId: string,
  staffId: string,
  origin: AuditOrigin = {},
): Promise<DeactivateOutcome> {
  if (staffId === actorStaffId) return 'self';
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ active: staffAccounts.active, role: staffAccounts.role, email: staffAccounts.email })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId))
      .for('update');
    if (!current) return 'not-found';
    if (!current.active) return 'already-inactive';
    await tx
      .update(staffAccounts)
      .set({ active: false, deactivatedAt: new Date() })
      .where(eq(staffAccounts.id, staffId));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    await recordAudit(
      tx,
      {
        actorStaffId,
        action: 'staff.deactivate',
        subjectType: 'staff-account',
        subjectId: staffId,
        before: { active: true },
        after: { active: false },
      },
      origin,
    );
    return 'deactivated';
  });
}

/** Display names of staff accounts by id, for lists that show who acted. */
export async function staffNames(ctx: Pick<StaffContext, 'db'>): Promise<Map<string, string>> {
  const rows = await ctx.db
    .select({ id: staffAccounts.id, displayName: staffAccounts.displayName, email: staffAccounts.email })
    .from(staffAccounts);
  return new Map(rows.map((row) => [row.id, `${row.displayName} <${row.email}>`]));
}

import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { backOffice, type StaffRole } from '~/config/back-office';
import { staffAccounts, staffEnrolments, staffRecoveryCodes, staffSessions } from '~/db/schema';
import { isCommonPassword } from '~/features/accounts/public.server';
import { recordAudit, type AuditOrigin } from '~/features/audit/public.server';
import { passwordProblem } from '~/shared/security/password-policy';
import { hashPassword } from '~/shared/security/passwords.server';
import { newRecoveryCode, recoveryCodeHash } from './recovery-codes.server';
import { openSecret, sealSecret } from './secret-box.server';
import { normalizeStaffEmail } from './staff-accounts.server';
import type { StaffContext } from './staff-context';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.server';

/**
 * Enrolment links (docs/rules/back-office.md#enrolment): an admin invites a staff member, or enrols
 * one again, and hands on a single-use link; the person sets their own password and takes the TOTP
 * key on the link's page, and receives the recovery codes there. Nobody but that person ever sees
 * the password, the key or the codes.
 */

const hashToken = (token: string) => createHash('sha256').update(`staff-enrolment:${token}`).digest('hex');
const tokenShape = /^[\w-]{43}$/;

export type InviteOutcome = { kind: 'invited'; staffId: string; token: string } | { kind: 'email-taken' };

/**
 * A new staff account without password, with a TOTP key drawn now (shown only on the link's page),
 * and its enrolment link. The account logs in only after the enrolment and a second admin's
 * confirmation (staff-confirmation.server.ts).
 */
export async function inviteStaffMember(
  ctx: Pick<StaffContext, 'db' | 'config'>,
  input: { email: string; displayName: string; role: StaffRole },
  invitedBy: string,
  origin: AuditOrigin = {},
  now = new Date(),
): Promise<InviteOutcome> {
  const email = normalizeStaffEmail(input.email);
  const displayName = input.displayName.trim();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        email,
        displayName,
        role: input.role,
        passwordHash: null,
        totpSecretEncrypted: sealSecret(newTotpSecret(), ctx.config.staffTotpKey),
        createdBy: invitedBy,
        enrolledBy: invitedBy,
      })
      .onConflictDoNothing({ target: staffAccounts.email })
      .returning({ id: staffAccounts.id });
    if (!row) return { kind: 'email-taken' } as const;
    const token = await newEnrolmentLink(tx, row.id, invitedBy, now);
    await recordAudit(
      tx,
      {
        actorStaffId: invitedBy,
        action: 'staff.create',
        subjectType: 'staff-account',
        subjectId: row.id,
        after: { email, displayName, role: input.role, active: true, via: 'enrolment link' },
      },
      origin,
    );
    return { kind: 'invited', staffId: row.id, token } as const;
  });
}

export type ReenrolOutcome =
  { kind: 'link'; token: string; email: string } | { kind: 'self' | 'not-found' | 'inactive' };

/**
 * Enrols a staff member again, for a lost authenticator or password: the password, the TOTP key, the
 * recovery codes, every session and every earlier link end at once, and a new link is made; the account
 * waits for a second admin's confirmation again. Not for oneself: an admin locked out is enrolled again
 * by another admin or on the command line.
 */
export async function reenrolStaffMember(
  ctx: Pick<StaffContext, 'db' | 'config'>,
  actorStaffId: string,
  staffId: string,
  origin: AuditOrigin = {},
  now = new Date(),
): Promise<ReenrolOutcome> {
  if (staffId === actorStaffId) return { kind: 'self' };
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ active: staffAccounts.active, email: staffAccounts.email, confirmedAt: staffAccounts.confirmedAt })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId))
      .for('update');
    if (!current) return { kind: 'not-found' } as const;
    if (!current.active) return { kind: 'inactive' } as const;
    await tx
      .update(staffAccounts)
      .set({
        passwordHash: null,
        totpSecretEncrypted: sealSecret(newTotpSecret(), ctx.config.staffTotpKey),
        totpLastStep: null,
        enrolledBy: actorStaffId,
        enrolledAt: null,
        // The new link's holder may be anyone the actor chose: a second admin confirms again.
        confirmedAt: null,
        confirmedBy: null,
      })
      .where(eq(staffAccounts.id, staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    await tx.delete(staffEnrolments).where(eq(staffEnrolments.staffId, staffId));
    const token = await newEnrolmentLink(tx, staffId, actorStaffId, now);
    await recordAudit(
      tx,
      {
        actorStaffId,
        action: 'staff.reenrol',
        subjectType: 'staff-account',
        subjectId: staffId,
        before: { confirmed: current.confirmedAt !== null },
        after: { enrolled: false, confirmed: false },
      },
      origin,
    );
    return { kind: 'link', token, email: current.email } as const;
  });
}

type Writer = Parameters<Parameters<StaffContext['db']['transaction']>[0]>[0];

async function newEnrolmentLink(tx: Writer, staffId: string, createdBy: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(staffEnrolments).values({
    tokenHash: hashToken(token),
    staffId,
    createdBy,
    createdAt: now,
    expiresAt: new Date(now.getTime() + backOffice.enrolment.validForMs),
  });
  return token;
}

/** What the link's page shows: whose enrolment it is and the TOTP key to add to an authenticator app. */
export interface OpenEnrolment {
  staffId: string;
  email: string;
  displayName: string;
  totpSecret: string;
  otpauthUri: string;
  awaitingConfirmation: boolean;
}

/** The enrolment behind a link that is unused, unexpired and of an active account; null otherwise. */
export async function openEnrolment(
  ctx: Pick<StaffContext, 'db' | 'config' | 'logger'>,
  token: string,
  now = new Date(),
): Promise<OpenEnrolment | null> {
  if (!tokenShape.test(token)) return null;
  const [row] = await ctx.db
    .select({
      staffId: staffAccounts.id,
      email: staffAccounts.email,
      displayName: staffAccounts.displayName,
      sealed: staffAccounts.totpSecretEncrypted,
      confirmedAt: staffAccounts.confirmedAt,
    })
    .from(staffEnrolments)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffEnrolments.staffId))
    .where(
      and(
        eq(staffEnrolments.tokenHash, hashToken(token)),
        isNull(staffEnrolments.usedAt),
        gt(staffEnrolments.expiresAt, now),
        eq(staffAccounts.active, true),
      ),
    );
  if (!row) return null;
  const totpSecret = openSecret(row.sealed, ctx.config.staffTotpKey);
  if (!totpSecret) {
    ctx.logger.warn({ staffId: row.staffId }, 'a staff TOTP secret cannot be opened with STAFF_TOTP_KEY');
    return null;
  }
  return {
    staffId: row.staffId,
    email: row.email,
    displayName: row.displayName,
    totpSecret,
    otpauthUri: otpauthUri(totpSecret, row.email),
    awaitingConfirmation: row.confirmedAt === null,
  };
}

export type EnrolOutcome =
  | { ok: true; email: string; recoveryCodes: string[]; awaitingConfirmation: boolean }
  | { ok: false; error: 'link' | 'wait' }
  | { ok: false; error: 'password'; message: string }
  | { ok: false; error: 'code' };

/**
 * Completes an enrolment: a password by the customers' rules and a code of the TOTP key, which proves
 * the authenticator app has it. The link is used up in the same transaction that stores the password
 * and the recovery codes, so two submits enrol once. The code is not remembered as used: the
 * enrolment is no login, and the person logs in next, possibly within the same 30 seconds.
 */
export async function completeEnrolment(
  ctx: Pick<StaffContext, 'db' | 'config' | 'logger' | 'rateLimits'>,
  input: { token: string; password: string; code: string },
  origin: AuditOrigin = {},
  now = new Date(),
): Promise<EnrolOutcome> {
  const enrolment = await openEnrolment(ctx, input.token, now);
  if (!enrolment) return { ok: false, error: 'link' };
  const problem =
    passwordProblem(input.password, enrolment.email) ??
    (isCommonPassword(input.password) ? 'password.too-common' : null);
  if (problem) return { ok: false, error: 'password', message: problem };
  const withinLimit = await ctx.rateLimits.hit(`staff-enrolment:${enrolment.staffId}`, {
    max: backOffice.enrolment.codeAttempts,
    windowMs: backOffice.enrolment.codeAttemptWindowMs,
  });
  if (!withinLimit) return { ok: false, error: 'wait' };
  const code = input.code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(code) || matchTotp(enrolment.totpSecret, code, now.getTime()) === null) {
    return { ok: false, error: 'code' };
  }
  const passwordHash = await hashPassword(input.password);
  const key = ctx.config.staffTotpKey;
  const recoveryCodes = Array.from({ length: backOffice.recoveryCodes }, newRecoveryCode);
  const done = await ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(staffEnrolments)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffEnrolments.tokenHash, hashToken(input.token)),
          isNull(staffEnrolments.usedAt),
          gt(staffEnrolments.expiresAt, now),
        ),
      )
      .returning({ staffId: staffEnrolments.staffId });
    if (claimed.length !== 1) return false;
    await tx
      .update(staffAccounts)
      .set({ passwordHash, enrolledAt: now })
      .where(eq(staffAccounts.id, enrolment.staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, enrolment.staffId));
    await tx
      .insert(staffRecoveryCodes)
      .values(recoveryCodes.map((each) => ({ staffId: enrolment.staffId, codeHash: recoveryCodeHash(each, key) })));
    await recordAudit(
      tx,
      {
        actorStaffId: enrolment.staffId,
        action: 'staff.enrol',
        subjectType: 'staff-account',
        subjectId: enrolment.staffId,
        // What changed, never the secrets themselves: a password and a confirmed key, new recovery codes.
        before: { enrolled: false },
        after: { enrolled: true, totpConfirmed: true, recoveryCodes: recoveryCodes.length },
      },
      origin,
    );
    return true;
  });
  return done
    ? { ok: true, email: enrolment.email, recoveryCodes, awaitingConfirmation: enrolment.awaitingConfirmation }
    : { ok: false, error: 'link' };
}

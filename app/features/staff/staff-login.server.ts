import { createHash } from 'node:crypto';
import { and, eq, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { staffAccounts, staffRecoveryCodes, staffSessions } from '~/db/schema';
import { appendAuditEntry, type AuditOrigin } from '~/features/audit/public.server';
import { addressGroup } from '~/shared/security/address-group.server';
import { checkPasswordWithinLimits } from '~/shared/security/login-throttle.server';
import { verifyPassword } from '~/shared/security/passwords.server';
import { looksLikeRecoveryCode, recoveryCodeHash } from './recovery-codes.server';
import { openSecret } from './secret-box.server';
import type { StaffContext } from './staff-context';
import { normalizeStaffEmail } from './staff-accounts.server';
import { createStaffSession, deleteStaffSession, readSecondFactorSession } from './staff-sessions.server';
import { matchTotp } from './totp.server';

/**
 * The back office's login in two steps (docs/rules/back-office.md#staff-login): password, then a
 * TOTP code or a recovery code. Both steps run within the customers' brute-force limits
 * (shared/security/login-throttle.server.ts) under keys of their own, and give one neutral answer for
 * every kind of failure after the same work.
 */

export type PasswordStepOutcome =
  | { ok: true; token: string; expiresAt: Date }
  | { ok: false; error: 'invalid' }
  | { ok: false; error: 'wait'; retryAfterSeconds: number };

const emailDigest = (email: string) => createHash('sha256').update(email).digest('base64url').slice(0, 16);

export async function staffPasswordStep(
  ctx: StaffContext,
  input: { email: string; password: string; ip: string; userAgent: string },
  origin: AuditOrigin = {},
): Promise<PasswordStepOutcome> {
  const email = normalizeStaffEmail(input.email);
  let knownId: string | null = null;
  let awaitingConfirmation = false;
  const attempt = await checkPasswordWithinLimits(ctx.rateLimits, `staff:${email}`, input.ip, async () => {
    const [staff] = await ctx.db
      .select({
        id: staffAccounts.id,
        passwordHash: staffAccounts.passwordHash,
        active: staffAccounts.active,
        confirmedAt: staffAccounts.confirmedAt,
      })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, email));
    knownId = staff?.id ?? null;
    // An unknown address, and an account not yet enrolled, is verified against a decoy hash: the same
    // work, the same answer. An account still waiting for a second admin's confirmation answers as a
    // wrong password too: its enrolment page said so to the person.
    const matches = await verifyPassword(staff?.passwordHash ?? undefined, input.password);
    if (!matches || !staff?.active) return false;
    awaitingConfirmation = staff.confirmedAt === null;
    return awaitingConfirmation ? false : staff.id;
  });
  if (!attempt.allowed) {
    await failed(ctx, knownId, email, 'password', 'limited', origin, input.ip);
    return { ok: false, error: 'wait', retryAfterSeconds: attempt.retryAfterSeconds };
  }
  if (!attempt.verified) {
    // The same answer either way; the audit log tells the admins that a waiting account's person is trying.
    const reason = awaitingConfirmation ? 'awaiting-confirmation' : 'wrong';
    await failed(ctx, knownId, email, 'password', reason, origin, input.ip);
    return { ok: false, error: 'invalid' };
  }
  return { ok: true, ...(await createStaffSession(ctx.db, attempt.verified, 'second-factor', input.userAgent)) };
}

export type SecondFactorOutcome =
  | { ok: true; staffId: string; token: string; expiresAt: Date }
  | { ok: false; error: 'invalid' }
  | { ok: false; error: 'expired' }
  | { ok: false; error: 'wait'; retryAfterSeconds: number };

/**
 * The second step: a TOTP code of the current time (±1 step) that is later than the last one
 * accepted, or an unused recovery code. Success ends the half-logged-in session and starts a new
 * one under a new id.
 */
export async function staffSecondFactorStep(
  ctx: StaffContext,
  input: { pendingToken: string | undefined; code: string; ip: string; userAgent: string },
  origin: AuditOrigin = {},
  now = new Date(),
): Promise<SecondFactorOutcome> {
  const pending = await readSecondFactorSession(ctx.db, input.pendingToken, now);
  if (!pending) return { ok: false, error: 'expired' };
  const code = input.code.trim().replace(/\s/g, '');
  let method: 'totp' | 'recovery-code' = 'totp';
  const attempt = await checkPasswordWithinLimits(
    ctx.rateLimits,
    `staff-second-factor:${pending.staffId}`,
    input.ip,
    async () => {
      if (/^\d{6}$/.test(code)) return (await acceptTotp(ctx, pending.staffId, code, now)) ? true : false;
      method = 'recovery-code';
      return looksLikeRecoveryCode(code) && (await useRecoveryCode(ctx, pending.staffId, code, now)) ? true : false;
    },
  );
  if (!attempt.allowed) {
    await failed(ctx, pending.staffId, null, 'second-factor', 'limited', origin, input.ip);
    return { ok: false, error: 'wait', retryAfterSeconds: attempt.retryAfterSeconds };
  }
  if (!attempt.verified) {
    await failed(ctx, pending.staffId, null, 'second-factor', 'wrong', origin, input.ip);
    return { ok: false, error: 'invalid' };
  }
  const session = await ctx.db.transaction(async (tx) => {
    // The account as it stands now, held until the new session is in: an enrolment again or a
    // deactivation that committed since the code was checked ended this login (and one that comes
    // later waits for this transaction, then deletes the new session with the others).
    const [account] = await tx
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .innerJoin(staffSessions, eq(staffSessions.idHash, pending.idHash))
      .where(
        and(
          eq(staffAccounts.id, pending.staffId),
          eq(staffAccounts.active, true),
          isNotNull(staffAccounts.passwordHash),
          isNotNull(staffAccounts.confirmedAt),
          // A first step from before the latest enrolment checked the password that enrolment replaced.
          gte(staffSessions.createdAt, staffAccounts.enrolledAt),
        ),
      )
      .for('share', { of: staffAccounts });
    const ended = await tx
      .delete(staffSessions)
      .where(eq(staffSessions.idHash, pending.idHash))
      .returning({ idHash: staffSessions.idHash });
    if (!account || ended.length !== 1) return null;
    return createStaffSession(tx, pending.staffId, 'active', input.userAgent, now);
  });
  if (!session) return { ok: false, error: 'expired' };
  await appendAuditEntry(
    ctx.db,
    {
      actorStaffId: pending.staffId,
      action: 'staff.login',
      subjectType: 'staff-account',
      subjectId: pending.staffId,
      after: { method },
    },
    origin,
  );
  return { ok: true, staffId: pending.staffId, ...session };
}

/** A matching code whose step is later than the last accepted one; the step is stored in the same statement (replay). */
async function acceptTotp(ctx: StaffContext, staffId: string, code: string, now: Date): Promise<boolean> {
  const [staff] = await ctx.db
    .select({ sealed: staffAccounts.totpSecretEncrypted })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId));
  const secret = staff ? openSecret(staff.sealed, ctx.config.staffTotpKey) : null;
  if (!secret) {
    ctx.logger.warn({ staffId }, 'a staff TOTP secret cannot be opened with STAFF_TOTP_KEY');
    return false;
  }
  const step = matchTotp(secret, code, now.getTime());
  if (step === null) return false;
  const accepted = await ctx.db
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(
      and(eq(staffAccounts.id, staffId), or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step))),
    )
    .returning({ id: staffAccounts.id });
  return accepted.length === 1;
}

async function useRecoveryCode(ctx: StaffContext, staffId: string, code: string, now: Date): Promise<boolean> {
  const used = await ctx.db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, recoveryCodeHash(code, ctx.config.staffTotpKey)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1;
}

/**
 * Refused attempts recorded in the audit log per client address and hour. Wrong passwords and codes
 * are bounded by the limits themselves; refused ones are not (a refusal costs the client nothing),
 * and the audit log keeps its rows for two years: beyond these, a refusal is a log line and a count
 * in `rate_limit_refusals_total`.
 */
const auditedRefusals = { max: 10, windowMs: 60 * 60_000 };

async function failed(
  ctx: StaffContext,
  staffId: string | null,
  email: string | null,
  step: 'password' | 'second-factor',
  reason: 'wrong' | 'limited' | 'awaiting-confirmation',
  origin: AuditOrigin,
  ip: string,
): Promise<void> {
  ctx.logger.info({ event: 'staff-login-failed', step, reason }, 'back office login failed');
  if (reason === 'limited' && !(await ctx.rateLimits.hit(`staff-login-refused:${addressGroup(ip)}`, auditedRefusals))) {
    return;
  }
  await appendAuditEntry(
    ctx.db,
    {
      actorStaffId: null,
      action: 'staff.login-failed',
      subjectType: staffId ? 'staff-account' : 'staff-login',
      // An unknown address is kept as a digest only: a typo may be somebody's private address.
      subjectId: staffId ?? `email-sha256:${email ? emailDigest(email) : ''}`,
      after: { step, reason },
    },
    origin,
  );
}

/** Logging out: the session is deleted on the server, whatever the browser keeps. */
export async function staffLogOut(
  ctx: Pick<StaffContext, 'db'>,
  staff: { staffId: string; sessionIdHash: string },
  origin: AuditOrigin = {},
): Promise<void> {
  await deleteStaffSession(ctx.db, staff.sessionIdHash);
  await appendAuditEntry(
    ctx.db,
    { actorStaffId: staff.staffId, action: 'staff.logout', subjectType: 'staff-account', subjectId: staff.staffId },
    origin,
  );
}

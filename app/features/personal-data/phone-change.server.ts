import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { customers, phoneVerifications } from '~/db/schema';
import { parsePhone } from '~/shared/phone/phone';
import { enqueueMail } from '~/shared/mail/outbox.server';
import type { RenderedMail } from '~/shared/mail/templates';
import { enqueueSms } from '~/shared/sms/outbox.server';
import type { PersonalDataContext } from './context.server';
import type { Actor } from './email-change.server';
import { phoneCodeSms, renderPersonalDataMail } from './mails';
import { personalDataPolicy } from './policy';

const { phoneCode } = personalDataPolicy;
const hourMs = 60 * 60 * 1000;

/**
 * A code is stored as an HMAC under the server's secret, bound to its row: six digits are too few
 * for a plain hash (a leaked table would give every code away in a second).
 */
function codeHash(secret: string, verificationId: string, code: string): string {
  return createHmac('sha256', secret).update(`phone-code:${verificationId}:${code}`).digest('hex');
}

/** Six digits from the system's cryptographic random source, leading zeros kept. */
export function newPhoneCode(): string {
  return String(randomInt(0, 10 ** phoneCode.digits)).padStart(phoneCode.digits, '0');
}

export type PhoneCodeRequestOutcome =
  | { ok: true }
  | { ok: false; field: 'phone'; error: 'phone-change.same-number' }
  | { ok: false; field?: undefined; error: 'phone-change.too-many-codes' };

/**
 * Sends a 6-digit code by SMS to the new number (valid 10 minutes, at most 5 tries:
 * docs/rules/personal-data.md#phone-change). A new code replaces any earlier one. The number changes only
 * with the right code.
 */
export async function requestPhoneCode(
  ctx: PersonalDataContext,
  actor: Actor,
  phoneE164: string,
  now = new Date(),
): Promise<PhoneCodeRequestOutcome> {
  const customerId = actor.session.customerId;
  const [customer] = await ctx.db
    .select({ phoneE164: customers.phoneE164 })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (customer?.phoneE164 === phoneE164) return { ok: false, field: 'phone', error: 'phone-change.same-number' };

  // SMS cost money and can annoy a stranger's phone: a few codes per customer and per number an hour.
  const customerAllowed = await ctx.rateLimits.hit(`phone-code:${customerId}`, {
    max: phoneCode.perCustomerPerHour,
    windowMs: hourMs,
  });
  const numberAllowed = await ctx.rateLimits.hit(`phone-code-to:${phoneE164}`, {
    max: phoneCode.perNumberPerHour,
    windowMs: hourMs,
  });
  if (!customerAllowed || !numberAllowed) {
    return { ok: false, error: 'phone-change.too-many-codes' };
  }

  const code = newPhoneCode();
  const text = phoneCodeSms(code, phoneCode.validMs / 60_000, actor.locale, ctx.brand);
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(phoneVerifications)
      .where(and(eq(phoneVerifications.customerId, customerId), isNull(phoneVerifications.usedAt)));
    const id = randomUUID();
    await tx.insert(phoneVerifications).values({
      id,
      customerId,
      phoneE164,
      codeHash: codeHash(ctx.codeSecret, id, code),
      expiresAt: new Date(now.getTime() + phoneCode.validMs),
      createdAt: now,
    });
    await enqueueSms(tx, { to: phoneE164, text });
  });
  ctx.onSmsQueued(phoneE164, text);
  return { ok: true };
}

/** Sends a new code to the number of the pending change. */
export async function resendPhoneCode(
  ctx: PersonalDataContext,
  actor: Actor,
  now = new Date(),
): Promise<PhoneCodeRequestOutcome | { ok: false; field?: undefined; error: 'phone-change.no-code' }> {
  const pending = await latestVerification(ctx.db, actor.session.customerId);
  if (!pending) return { ok: false, error: 'phone-change.no-code' };
  return requestPhoneCode(ctx, actor, pending.phoneE164, now);
}

export interface PendingPhoneChange {
  phoneE164: string;
  expiresAt: Date;
  /** `open` while the code can be entered; otherwise a new code is needed. */
  state: 'open' | 'expired' | 'exhausted';
  attemptsLeft: number;
}

async function latestVerification(db: Database, customerId: string) {
  const [row] = await db
    .select()
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.customerId, customerId), isNull(phoneVerifications.usedAt)))
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1);
  return row;
}

/** The number waiting for its code, if a change was started (in the last hour). */
export async function pendingPhoneChange(
  db: Database,
  customerId: string,
  now = new Date(),
): Promise<PendingPhoneChange | null> {
  const row = await latestVerification(db, customerId);
  if (!row || now.getTime() - row.createdAt.getTime() > hourMs) return null;
  const attemptsLeft = Math.max(0, phoneCode.maxAttempts - row.attempts);
  return {
    phoneE164: row.phoneE164,
    expiresAt: row.expiresAt,
    state: row.expiresAt <= now ? 'expired' : attemptsLeft === 0 ? 'exhausted' : 'open',
    attemptsLeft,
  };
}

/**
 * What the phone change page starts from: the current number (null once the account is gone) and
 * the change under way, if any.
 */
export async function phoneChangeState(
  db: Database,
  customerId: string,
): Promise<{ phoneE164: string | null; pending: PendingPhoneChange | null }> {
  const [customer] = await db
    .select({ phoneE164: customers.phoneE164 })
    .from(customers)
    .where(eq(customers.id, customerId));
  return { phoneE164: customer?.phoneE164 ?? null, pending: await pendingPhoneChange(db, customerId) };
}

export type PhoneCodeOutcome =
  | { ok: true; phoneE164: string }
  | {
      ok: false;
      error:
        | 'phone-change.no-code'
        | 'phone-change.code-expired'
        | 'phone-change.too-many-tries'
        | `phone-change.code-wrong?left=${number}`;
    };

/**
 * Checks a code against the customer's newest one. Every try counts, right or wrong, before the
 * comparison; the fifth wrong try (or any try after 10 minutes) needs a new code. The row is locked
 * for the check, so parallel tries cannot get more than five guesses.
 */
export async function confirmPhoneCode(
  ctx: PersonalDataContext,
  actor: Pick<Actor, 'session' | 'locale'>,
  code: string,
  now = new Date(),
): Promise<PhoneCodeOutcome> {
  const customerId = actor.session.customerId;
  type Result = { outcome: PhoneCodeOutcome; notice?: { to: string; mail: RenderedMail } };
  const fail = (error: Extract<PhoneCodeOutcome, { ok: false }>['error']): Result => ({
    outcome: { ok: false, error },
  });
  const result = await ctx.db.transaction(async (tx): Promise<Result> => {
    const [row] = await tx
      .select()
      .from(phoneVerifications)
      .where(and(eq(phoneVerifications.customerId, customerId), isNull(phoneVerifications.usedAt)))
      .orderBy(desc(phoneVerifications.createdAt))
      .limit(1)
      .for('update');
    if (!row) return fail('phone-change.no-code');
    if (row.expiresAt <= now) return fail('phone-change.code-expired');
    if (row.attempts >= phoneCode.maxAttempts) return fail('phone-change.too-many-tries');
    const attempts = row.attempts + 1;
    await tx
      .update(phoneVerifications)
      .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
      .where(eq(phoneVerifications.id, row.id));

    const expected = Buffer.from(row.codeHash, 'hex');
    const given = Buffer.from(codeHash(ctx.codeSecret, row.id, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const left = phoneCode.maxAttempts - attempts;
      return fail(left > 0 ? `phone-change.code-wrong?left=${left}` : 'phone-change.too-many-tries');
    }

    const used = await tx
      .update(phoneVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(phoneVerifications.id, row.id),
          isNull(phoneVerifications.usedAt),
          gt(phoneVerifications.expiresAt, now),
        ),
      )
      .returning({ id: phoneVerifications.id });
    if (used.length !== 1) return fail('phone-change.no-code');
    const [customer] = await tx
      .update(customers)
      .set({ phoneE164: row.phoneE164 })
      .where(eq(customers.id, customerId))
      .returning({ email: customers.email, firstName: customers.firstName });
    let notice: Result['notice'];
    if (customer) {
      const mail = renderPersonalDataMail(
        {
          kind: 'phone-changed',
          firstName: customer.firstName,
          phone: parsePhone(row.phoneE164).international || row.phoneE164,
        },
        actor.locale,
        ctx.brand,
      );
      await enqueueMail(tx, customer.email, mail);
      notice = { to: customer.email, mail };
    }
    return { outcome: { ok: true, phoneE164: row.phoneE164 }, notice };
  });
  if (result.notice) ctx.onMailQueued(result.notice.to, result.notice.mail.subject, result.notice.mail.text);
  return result.outcome;
}

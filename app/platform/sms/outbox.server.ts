import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { smsOutbox } from '~/db/schema';
import type { OutgoingSms, SmsGateway } from './gateway';

/** A database handle or an open transaction: an SMS is written in its change's own transaction. */
type Writer = Pick<Database, 'insert'>;

export async function enqueueSms(db: Writer, sms: OutgoingSms): Promise<void> {
  // Due by the app's clock, the one drainSmsOutbox compares with (see enqueueMail).
  await db.insert(smsOutbox).values({ recipient: sms.to, text: sms.text, nextAttemptAt: new Date() });
}

/**
 * Backoff after a failed attempt: 10, 20, 40 … seconds, at most 5 minutes. Shorter than the mail
 * outbox's, because what goes by SMS (confirmation codes) is useless after a few minutes.
 */
export function smsRetryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 5 * 60 * 1000);
}

/** SMS older than this are not tried any more: a code valid 10 minutes must not arrive after an hour. */
export const smsMaxAgeMs = 15 * 60 * 1000;

/**
 * Sends due SMS once each, like the mail outbox: rows are claimed with FOR UPDATE SKIP LOCKED, so
 * several instances never send one message twice; a failed send is retried later with backoff,
 * until the message is `maxAgeMs` old (it then stays unsent, with its last error). Returns the number
 * of messages sent.
 */
export async function drainSmsOutbox(
  db: Database,
  gateway: SmsGateway,
  { batchSize = 20, maxAgeMs = smsMaxAgeMs, now = () => new Date() } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const started = now();
    const due = await tx
      .select()
      .from(smsOutbox)
      .where(
        and(
          isNull(smsOutbox.sentAt),
          lte(smsOutbox.nextAttemptAt, started),
          gt(smsOutbox.createdAt, new Date(started.getTime() - maxAgeMs)),
        ),
      )
      .orderBy(asc(smsOutbox.createdAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    let sent = 0;
    for (const sms of due) {
      try {
        await gateway.send({ to: sms.recipient, text: sms.text });
        await tx
          .update(smsOutbox)
          .set({ sentAt: now(), attempts: sms.attempts + 1, lastError: null })
          .where(eq(smsOutbox.id, sms.id));
        sent++;
      } catch (error) {
        const attempts = sms.attempts + 1;
        await tx
          .update(smsOutbox)
          .set({
            attempts,
            nextAttemptAt: new Date(now().getTime() + smsRetryDelayMs(attempts)),
            lastError: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
          })
          .where(eq(smsOutbox.id, sms.id));
      }
    }
    return sent;
  });
}

/** Newest SMS first, for the development mailbox page. */
export function latestSms(db: Database, limit = 50) {
  return db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(limit);
}

export async function pendingSmsCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsOutbox)
    .where(isNull(smsOutbox.sentAt));
  return row?.n ?? 0;
}

import { desc } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { smsOutbox } from '~/db/schema';
import { deliverDue, type OutboxDefinition, type RoundOptions } from '~/platform/outbox/delivery.server';
import type { OutgoingSms, SmsGateway } from './gateway';

/** A database handle or an open transaction: an SMS is written in its change's own transaction. */
type Writer = Pick<Database, 'insert'>;

export async function enqueueSms(db: Writer, sms: OutgoingSms): Promise<void> {
  // Due by the app's clock, the one the worker compares with (see enqueueMail).
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

/** Five attempts (10 + 20 + 40 + 80 s of backoff) fit well within the maximum age. */
export const smsMaxAttempts = 5;

/**
 * The SMS outbox for the generic worker: a failed send is retried with backoff until its last
 * attempt or until the message is `smsMaxAgeMs` old; it then fails. The text of a sent or failed
 * SMS (a confirmation code) is blanked at once: nobody may retry a code that has expired.
 */
export function smsOutboxDefinition(gateway: SmsGateway): OutboxDefinition<typeof smsOutbox> {
  return {
    name: 'sms',
    table: smsOutbox,
    deliver: (sms) => gateway.send({ to: sms.recipient, text: sms.text }),
    retryDelayMs: smsRetryDelayMs,
    maxAttempts: smsMaxAttempts,
    maxAgeMs: smsMaxAgeMs,
    scrubbed: { text: '' },
    scrubFailed: true,
  };
}

/** One round of the SMS outbox; returns the number of messages sent. */
export async function drainSmsOutbox(db: Database, gateway: SmsGateway, options: RoundOptions = {}): Promise<number> {
  return (await deliverDue(db, smsOutboxDefinition(gateway), options)).sent;
}

/** Newest SMS first, for the development mailbox page. */
export function latestSms(db: Database, limit = 50) {
  return db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(limit);
}

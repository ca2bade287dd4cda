import { desc } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { outbox } from '~/db/schema';
import { MailServerUnreachableError, type MailTransport } from '~/platform/mail/transport.server';
import { deliverDue, type OutboxDefinition, type RoundOptions } from '~/platform/outbox/delivery.server';
import type { RenderedMail } from './templates';

/** A database handle or an open transaction: mails are written in the change's own transaction. */
type Writer = Pick<Database, 'insert'>;

export async function enqueueMail(db: Writer, to: string, mail: RenderedMail): Promise<void> {
  // Due by the app's clock, the one the worker compares with: the column's default, the database's
  // now(), counts microseconds, so a mail queued in the same millisecond as a round started would
  // wait for the next round.
  const { subject, text, html, kind } = mail;
  await db.insert(outbox).values({ recipient: to, subject, text, html, kind, nextAttemptAt: new Date() });
}

/** Backoff after a failed attempt: 30 s, 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** Eight attempts span about two hours of backoff (30 s to 32 min) before a mail counts as failed. */
export const mailMaxAttempts = 8;

/**
 * The mail outbox for the generic worker: a mail the SMTP server refuses is retried with backoff
 * and fails after its last attempt; when no SMTP server answers at all, the round stops and its
 * mails keep their place and their attempts, so they go out in the first round after the server
 * is back, not after a backoff that grew during the outage. A sent mail keeps recipient, subject
 * and kind for the operator; its body (which may hold a password reset link) is blanked.
 */
export function mailOutbox(transport: MailTransport, from: string): OutboxDefinition<typeof outbox> {
  return {
    name: 'mail',
    table: outbox,
    deliver: (mail) =>
      transport.send({ from, to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html }),
    retryDelayMs,
    maxAttempts: mailMaxAttempts,
    isOutage: (error) => error instanceof MailServerUnreachableError,
    scrubbed: { text: '', html: '' },
    scrubFailed: false,
  };
}

/** One round of the mail outbox; returns the number of mails sent (throws when SMTP is down). */
export async function drainOutbox(
  db: Database,
  transport: MailTransport,
  from: string,
  options: RoundOptions = {},
): Promise<number> {
  return (await deliverDue(db, mailOutbox(transport, from), options)).sent;
}

/** Newest mails first, for the development mailbox page. */
export function latestMails(db: Database, limit = 50) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}

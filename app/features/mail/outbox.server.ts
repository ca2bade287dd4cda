import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { outbox } from '~/db/schema';
import { MailServerUnreachableError, type MailTransport } from '~/platform/mail/transport.server';
import type { RenderedMail } from './templates';

/** A database handle or an open transaction: mails are written in the change's own transaction. */
type Writer = Pick<Database, 'insert'>;

export async function enqueueMail(db: Writer, to: string, mail: RenderedMail): Promise<void> {
  // Due by the app's clock, the one drainOutbox compares with: the column's default, the database's
  // now(), counts microseconds, so a mail queued in the same millisecond as a round started would
  // wait for the next round.
  const { subject, text, html, kind } = mail;
  await db.insert(outbox).values({ recipient: to, subject, text, html, kind, nextAttemptAt: new Date() });
}

/** Backoff after a failed attempt: 30 s, 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/**
 * Sends due mails once each. Rows are claimed with FOR UPDATE SKIP LOCKED, so several workers (one
 * per instance) never send the same mail; a mail the SMTP server refuses is retried later with
 * backoff. When no SMTP server answers at all, the round stops and its mails keep their place and
 * their attempts: they go out in the first round after the server is back, not after a backoff
 * that grew during the outage. Returns the number of mails sent; throws the
 * `MailServerUnreachableError` after recording what was sent before it.
 */
export async function drainOutbox(
  db: Database,
  transport: MailTransport,
  from: string,
  { batchSize = 20, now = () => new Date() } = {},
): Promise<number> {
  let unreachable: MailServerUnreachableError | undefined;
  const sent = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now())))
      .orderBy(asc(outbox.createdAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    let sent = 0;
    for (const mail of due) {
      try {
        await transport.send({ from, to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html });
        await tx
          .update(outbox)
          .set({ sentAt: now(), attempts: mail.attempts + 1, lastError: null })
          .where(eq(outbox.id, mail.id));
        sent++;
      } catch (error) {
        if (error instanceof MailServerUnreachableError) {
          unreachable = error;
          await tx
            .update(outbox)
            .set({ lastError: error.message.slice(0, 500) })
            .where(eq(outbox.id, mail.id));
          break;
        }
        const attempts = mail.attempts + 1;
        await tx
          .update(outbox)
          .set({
            attempts,
            nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
            lastError: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
          })
          .where(eq(outbox.id, mail.id));
      }
    }
    return sent;
  });
  if (unreachable) throw unreachable;
  return sent;
}

/** Newest mails first, for the development mailbox page. */
export function latestMails(db: Database, limit = 50) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}

export async function pendingMailCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(isNull(outbox.sentAt));
  return row?.n ?? 0;
}

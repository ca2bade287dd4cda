import type { Database } from '~/db/client.server';
import { outbox } from '~/db/schema';
import { MailServerUnreachableError, type MailTransport } from '~/platform/mail/transport.server';
import type { OutboxDefinition } from '~/shared/outbox/delivery.server';
import { defineOutbox } from '~/shared/outbox/outbox.server';
import type { RenderedMail } from './templates';

/**
 * The mail outbox: a mail the SMTP server refuses is retried with backoff (30 s, 1, 2, 4 …
 * minutes, at most an hour) and fails after its eighth attempt, about two hours later; when no
 * SMTP server answers at all, the round stops and its mails keep their place and their attempts,
 * so they go out in the first round after the server is back, not after a backoff that grew during
 * the outage. A sent mail keeps recipient, subject and kind for the operator; its body (which may
 * hold a password reset link) is blanked.
 */
export const mailOutbox = defineOutbox({
  name: 'mail',
  noun: 'mails',
  table: outbox,
  retry: { firstMs: 30_000, maxMs: 60 * 60 * 1000 },
  maxAttempts: 8,
  isOutage: (error) => error instanceof MailServerUnreachableError,
  scrubbed: { text: '', html: '' },
  scrubFailed: false,
});

/** Queues a mail; `db` may be the change's own transaction. */
export async function enqueueMail(db: Pick<Database, 'insert'>, to: string, mail: RenderedMail): Promise<void> {
  const { subject, text, html, kind } = mail;
  await mailOutbox.enqueue(db, { recipient: to, subject, text, html, kind });
}

/** The mail outbox, delivered over SMTP. */
export function mailDelivery(transport: MailTransport, from: string): OutboxDefinition<typeof outbox> {
  return mailOutbox.deliveredBy((mail) =>
    transport.send({ from, to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html }),
  );
}

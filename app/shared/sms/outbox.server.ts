import type { Database } from '~/db/client.server';
import { smsOutbox as smsOutboxTable } from '~/db/schema';
import type { OutboxDefinition } from '~/shared/outbox/delivery.server';
import { defineOutbox } from '~/shared/outbox/outbox.server';
import type { OutgoingSms, SmsGateway } from '~/platform/sms/gateway';

/**
 * The SMS outbox: a failed send is retried with backoff (10, 20, 40 … seconds, at most 5 minutes:
 * shorter than the mail outbox's, because a confirmation code is useless after a few minutes)
 * until its fifth attempt or until the message is 15 minutes old (a code valid 10 minutes must not
 * arrive after an hour); it then fails. The text of a sent or failed SMS (a code) is blanked at
 * once: nobody may retry a code that has expired.
 */
export const smsOutbox = defineOutbox({
  name: 'sms',
  noun: 'sms',
  table: smsOutboxTable,
  retry: { firstMs: 10_000, maxMs: 5 * 60 * 1000 },
  maxAttempts: 5,
  maxAgeMs: 15 * 60 * 1000,
  scrubbed: { text: '' },
  scrubFailed: true,
});

/** Queues an SMS; `db` may be the change's own transaction. */
export async function enqueueSms(db: Pick<Database, 'insert'>, sms: OutgoingSms): Promise<void> {
  await smsOutbox.enqueue(db, { recipient: sms.to, text: sms.text });
}

/** The SMS outbox, delivered through the gateway. */
export function smsDelivery(gateway: SmsGateway): OutboxDefinition<typeof smsOutboxTable> {
  return smsOutbox.deliveredBy((sms) => gateway.send({ to: sms.recipient, text: sms.text }));
}

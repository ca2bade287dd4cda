import { desc } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import type { OutboxDefinition, OutboxTable } from './delivery.server';

/** A database handle or an open transaction: a message is written in its change's own transaction. */
type Writer = Pick<Database, 'insert'>;

/** What tells one outbox from another. How its messages leave is bound at start-up (`deliveredBy`). */
export interface OutboxPolicy<T extends OutboxTable> extends Omit<OutboxDefinition<T>, 'deliver' | 'retryDelayMs'> {
  /** Backoff after a failed attempt: `firstMs`, doubling with each attempt, at most `maxMs`. */
  retry: { firstMs: number; maxMs: number };
}

/** One outbox: its policy, how messages get in, what the development mailbox shows, and its delivery. */
export interface Outbox<T extends OutboxTable> extends OutboxPolicy<T> {
  /** The wait before the next attempt after `attempts` failed ones. */
  retryDelayMs(attempts: number): number;
  /** Queues one message, due at once. */
  enqueue(db: Writer, message: Omit<T['$inferInsert'], 'nextAttemptAt'>): Promise<void>;
  /** Newest messages first, for the development mailbox page. */
  latest(db: Database, limit?: number): Promise<T['$inferSelect'][]>;
  /** The definition the worker drains (shared/outbox/worker.server.ts), with the service that delivers. */
  deliveredBy(deliver: (message: T['$inferSelect']) => Promise<void>): OutboxDefinition<T>;
}

/**
 * The one way an outbox is defined: mail and SMS differ only in their table, backoff, attempts,
 * what is blanked and what counts as an outage; queuing, listing and draining are the same.
 */
export function defineOutbox<T extends OutboxTable>(policy: OutboxPolicy<T>): Outbox<T> {
  const { firstMs, maxMs } = policy.retry;
  const retryDelayMs = (attempts: number) => Math.min(firstMs * 2 ** Math.max(0, attempts - 1), maxMs);
  const table: OutboxTable = policy.table;
  return {
    ...policy,
    retryDelayMs,
    async enqueue(db, message) {
      // Due by the app's clock, the one the worker compares with: the column's default, the
      // database's now(), counts microseconds, so a message queued in the same millisecond as a
      // round started would wait for the next round.
      await db.insert(table).values({ ...message, nextAttemptAt: new Date() } as OutboxTable['$inferInsert']);
    },
    async latest(db, limit = 50) {
      const rows = await db.select().from(table).orderBy(desc(table.createdAt)).limit(limit);
      return rows as T['$inferSelect'][];
    },
    deliveredBy: (deliver) => ({ ...policy, retryDelayMs, deliver }),
  };
}

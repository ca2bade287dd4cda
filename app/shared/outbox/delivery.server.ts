import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import type { outbox, smsOutbox } from '~/db/schema';
import type { Backlog } from '~/platform/metrics/metrics.server';

/** The tables with the shared delivery columns (schema.ts `deliveryColumns`). */
export type OutboxTable = typeof outbox | typeof smsOutbox;

/** How one outbox delivers its rows: what the generic worker needs to know about mail or SMS. */
export interface OutboxDefinition<T extends OutboxTable> {
  /** `mail` or `sms`: the label in logs, metrics and the retry command. */
  name: 'mail' | 'sms';
  /** What the worker's log calls the messages: `mails sent`, `sms sent`. */
  noun: string;
  table: T;
  /** Hands one message to the outside service; throws when it was not accepted. */
  deliver(row: T['$inferSelect']): Promise<void>;
  /** The wait before the next attempt after `attempts` failed ones. */
  retryDelayMs(attempts: number): number;
  /** After this many failed attempts the row is `failed` and waits for an operator. */
  maxAttempts: number;
  /** Rows older than this fail without another attempt (codes that expired meanwhile). */
  maxAgeMs?: number;
  /**
   * True when the error says the service is down rather than the message at fault: the round
   * stops, and the message keeps its attempts and goes out in the first round after the outage.
   */
  isOutage?(error: unknown): boolean;
  /** The personal content blanked once a row is sent, and once it failed when `scrubFailed`. */
  scrubbed: Partial<T['$inferInsert']>;
  /** SMS codes are useless after they failed, so their text goes at once; mails wait for a retry. */
  scrubFailed: boolean;
}

export interface RoundResult {
  sent: number;
  /** Rows that reached `failed` in this round. */
  failed: number;
}

export interface RoundOptions {
  batchSize?: number;
  /**
   * How long a claim holds: longer than a round can take (batch × the service's own timeouts), so
   * that only an instance that died mid-round leaves rows for another one to pick up.
   */
  leaseMs?: number;
  now?: () => Date;
  /** Asked between two sends: shutting down releases the rest of the batch. */
  stopping?: () => boolean;
  /**
   * Writes a round could not make because the database failed (an outcome, the give-back of rows
   * it did not send), kept by the worker and made first in its next round: the rows go out as soon
   * as the database is back, not only when their lease runs out.
   */
  unsettled?: Unsettled[];
}

export type Unsettled = () => Promise<unknown>;

/**
 * One round: claims due rows in a short transaction of its own, sends them outside any
 * transaction, and records each outcome in its own statement, so a slow or hanging service holds
 * no lock and blocks no other write. Several instances never claim the same row (FOR UPDATE SKIP
 * LOCKED in the claim, and the lease in `claimed_until` afterwards). Delivery is at least once: an
 * instance that dies after a send and before recording it leaves the row to be sent again once
 * its lease is over. Throws the outage error after releasing what it did not send, and the
 * database's error when it cannot record.
 */
export async function deliverDue<T extends OutboxTable>(
  db: Database,
  box: OutboxDefinition<T>,
  {
    batchSize = 10,
    leaseMs = 10 * 60_000,
    now = () => new Date(),
    stopping = () => false,
    unsettled = [],
  }: RoundOptions = {},
): Promise<RoundResult> {
  while (unsettled.length > 0) {
    await unsettled[0]!();
    unsettled.shift();
  }
  await failStale(db, box, now());
  const lease: Lease = { until: new Date(now().getTime() + leaseMs) };
  const claimed = await claimDue(db, box, batchSize, lease, now());
  const result: RoundResult = { sent: 0, failed: 0 };
  for (const [index, row] of claimed.entries()) {
    const unsent = claimed.slice(index);
    const later = claimed.slice(index + 1);
    /** A write of this round; when the database fails it, it and the give-back of the rows after it wait. */
    const record = async <R>(write: () => Promise<R>, rowsAfter: { id: string }[]): Promise<R> => {
      try {
        return await write();
      } catch (error) {
        unsettled.push(write);
        if (rowsAfter.length > 0) unsettled.push(() => release(db, box, lease, rowsAfter));
        throw error;
      }
    };
    // A round that outlasts its lease stops: another instance may have claimed the rest by now.
    if (stopping() || now() >= lease.until) {
      await record(() => release(db, box, lease, unsent), []);
      break;
    }
    let deliveryError: { error: unknown } | undefined;
    try {
      await box.deliver(row);
    } catch (error) {
      deliveryError = { error };
    }
    if (!deliveryError) {
      const sentAt = now();
      await record(() => recordSent(db, box, lease, row, sentAt), later);
      result.sent++;
    } else if (box.isOutage?.(deliveryError.error)) {
      const message = errorText(deliveryError.error);
      await record(() => release(db, box, lease, unsent, message), []);
      throw deliveryError.error;
    } else {
      const [message, failedAt] = [errorText(deliveryError.error), now()];
      if (await record(() => recordFailure(db, box, lease, row, message, failedAt), later)) result.failed++;
    }
  }
  return result;
}

/**
 * A round's claim. Every outcome is recorded only while the row still carries this claim, so a
 * round whose lease ran out never overwrites the claim or the outcome of the instance that took
 * the row over.
 */
interface Lease {
  until: Date;
}

async function claimDue<T extends OutboxTable>(
  db: Database,
  box: OutboxDefinition<T>,
  batchSize: number,
  lease: Lease,
  now: Date,
): Promise<T['$inferSelect'][]> {
  const table: OutboxTable = box.table;
  const due = db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        isNull(table.sentAt),
        isNull(table.failedAt),
        lte(table.nextAttemptAt, now),
        or(isNull(table.claimedUntil), lte(table.claimedUntil, now)),
      ),
    )
    .orderBy(asc(table.createdAt))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  // The attempt is counted when it is claimed: a message that makes its sender die cannot come
  // back without end.
  const rows = await db
    .update(table)
    .set({ claimedUntil: lease.until, attempts: sql`${table.attempts} + 1` })
    .where(inArray(table.id, due))
    .returning();
  return (rows as T['$inferSelect'][]).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

async function recordSent<T extends OutboxTable>(
  db: Database,
  box: OutboxDefinition<T>,
  lease: Lease,
  row: { id: string },
  now: Date,
) {
  const table: OutboxTable = box.table;
  await db
    .update(table)
    .set({ ...box.scrubbed, sentAt: now, claimedUntil: null, lastError: null })
    .where(and(eq(table.id, row.id), eq(table.claimedUntil, lease.until)));
}

/** Schedules the next attempt, or marks the row failed after the last one; true when it failed. */
async function recordFailure<T extends OutboxTable>(
  db: Database,
  box: OutboxDefinition<T>,
  lease: Lease,
  row: { id: string; attempts: number },
  lastError: string,
  now: Date,
): Promise<boolean> {
  const table: OutboxTable = box.table;
  const final = row.attempts >= box.maxAttempts;
  await db
    .update(table)
    .set(
      final
        ? { ...(box.scrubFailed ? box.scrubbed : {}), failedAt: now, claimedUntil: null, lastError }
        : {
            nextAttemptAt: new Date(now.getTime() + box.retryDelayMs(row.attempts)),
            claimedUntil: null,
            lastError,
          },
    )
    .where(and(eq(table.id, row.id), eq(table.claimedUntil, lease.until)));
  return final;
}

/** Gives claimed rows back unsent, their attempt not counted (outage or shutdown). */
async function release<T extends OutboxTable>(
  db: Database,
  box: OutboxDefinition<T>,
  lease: Lease,
  rows: { id: string }[],
  lastError?: string,
) {
  if (rows.length === 0) return;
  const table: OutboxTable = box.table;
  await db
    .update(table)
    .set({ claimedUntil: null, attempts: sql`${table.attempts} - 1`, ...(lastError ? { lastError } : {}) })
    .where(
      and(
        inArray(
          table.id,
          rows.map((row) => row.id),
        ),
        eq(table.claimedUntil, lease.until),
      ),
    );
}

/**
 * Rows past the outbox's maximum age fail without another attempt, and so do rows whose last
 * attempt's claim ran out unrecorded: their sender died on them, which must not repeat without end.
 */
async function failStale<T extends OutboxTable>(db: Database, box: OutboxDefinition<T>, now: Date) {
  const table: OutboxTable = box.table;
  const tooOld = box.maxAgeMs === undefined ? undefined : lt(table.createdAt, new Date(now.getTime() - box.maxAgeMs));
  const lastAttemptLost = and(isNotNull(table.claimedUntil), gte(table.attempts, box.maxAttempts));
  await db
    .update(table)
    .set({
      ...(box.scrubFailed ? box.scrubbed : {}),
      failedAt: now,
      lastError: sql`coalesce(${table.lastError}, 'not sent in time')`,
    })
    .where(
      and(
        isNull(table.sentAt),
        isNull(table.failedAt),
        or(isNull(table.claimedUntil), lte(table.claimedUntil, now)),
        tooOld ? or(tooOld, lastAttemptLost) : lastAttemptLost,
      ),
    );
}

/**
 * An operator's retry: failed rows (one by id, or all) become due again with a full set of
 * attempts. Returns how many rows it reset.
 */
export async function retryFailed(db: Database, table: OutboxTable, id?: string, now = new Date()): Promise<number> {
  const rows = await db
    .update(table)
    .set({ failedAt: null, attempts: 0, nextAttemptAt: now, claimedUntil: null })
    .where(and(isNotNull(table.failedAt), isNull(table.sentAt), id ? eq(table.id, id) : undefined))
    .returning({ id: table.id });
  return rows.length;
}

/** What an operator watches: the size of the backlog and the failures that need a retry. */
export async function backlogOf(db: Database, table: OutboxTable, now = new Date()): Promise<Backlog> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${table.sentAt} is null and ${table.failedAt} is null)::int`,
      failed: sql<number>`count(*) filter (where ${table.failedAt} is not null)::int`,
      oldest: sql<
        Date | string | null
      >`min(${table.createdAt}) filter (where ${table.sentAt} is null and ${table.failedAt} is null)`,
    })
    .from(table);
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    pending: row?.pending ?? 0,
    failed: row?.failed ?? 0,
    oldestPendingSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 500) : 'send failed';
}

import { sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { auditLog } from '~/db/schema';

/** One staff action, as the audit log keeps it. */
export interface AuditEntry {
  actorStaffId: string;
  action: string;
  subjectType: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes an audit entry. Pass the transaction of the action itself, so that the action and its entry
 * are stored together or not at all (docs/rules/back-office.md#case-queues).
 */
export async function recordAudit(tx: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    // The statement's own time, not the transaction's: entries of one transaction keep their order.
    at: sql`clock_timestamp()`,
    actorStaffId: entry.actorStaffId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

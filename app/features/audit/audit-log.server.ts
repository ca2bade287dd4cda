import { createHmac } from 'node:crypto';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { backOffice } from '~/config/back-office';
import { retention } from '~/config/retention';
import type { Database } from '~/db/client.server';
import { auditLog } from '~/db/schema';

/** The database, or a transaction of it: an entry is written in the same transaction as the change it records. */
export type AuditWriter = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface AuditEntryInput {
  actorStaffId: string;
  /** What happened, as `area.verb`: `staff.login`, `staff.create`, `customer.view`, `credit.goodwill`… */
  action: string;
  /** What it happened to: `staff-account`, `customer`, `case`… and its id. */
  subjectType: string;
  subjectId: string;
  /** The values before and after a change; plain JSON (no secrets, no password hashes). */
  before?: unknown;
  after?: unknown;
}

/** Where the request came from, when the caller knows it. */
export interface AuditOrigin {
  requestId?: string;
  ipHash?: string;
}

/**
 * Appends one entry to the audit log (docs/rules/back-office.md#audit-log). Every staff action and
 * every view of customer data calls this, inside the transaction that makes the change, so that a
 * change is never without its entry. The table refuses any later UPDATE or DELETE.
 */
export async function recordAudit(tx: AuditWriter, entry: AuditEntryInput, origin: AuditOrigin = {}): Promise<void> {
  await appendAuditEntry(tx, { ...entry }, origin);
}

/** Like recordAudit, for the one entry without a known actor: a failed login of an unknown address. */
export async function appendAuditEntry(
  tx: AuditWriter,
  entry: Omit<AuditEntryInput, 'actorStaffId'> & { actorStaffId: string | null },
  origin: AuditOrigin = {},
): Promise<void> {
  await tx.insert(auditLog).values({
    actorStaffId: entry.actorStaffId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
    requestId: origin.requestId ?? null,
    ipHash: origin.ipHash ?? null,
  });
}

/** Dates become ISO strings, undefined fields disappear: what is stored is what JSON can say. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null)) as unknown;
}

/** A client address as the audit log keeps it: keyed, so that the table alone does not reveal it. */
export function auditIpHash(ip: string, secret: string): string {
  return createHmac('sha256', secret).update(`audit-ip:${ip}`).digest('base64url').slice(0, 22);
}

export interface AuditFilter {
  actorStaffId?: string;
  /** Exact action, or a prefix ending in `.` (`staff.` matches every staff action). */
  action?: string;
  subjectType?: string;
  subjectId?: string;
  /** Inclusive start and exclusive end. */
  from?: Date;
  until?: Date;
}

function conditions(filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.actorStaffId) parts.push(eq(auditLog.actorStaffId, filter.actorStaffId));
  if (filter.action) {
    parts.push(
      filter.action.endsWith('.')
        ? sql`starts_with(${auditLog.action}, ${filter.action})`
        : eq(auditLog.action, filter.action),
    );
  }
  if (filter.subjectType) parts.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId) parts.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.from) parts.push(gte(auditLog.at, filter.from));
  if (filter.until) parts.push(lt(auditLog.at, filter.until));
  return parts.length ? and(...parts) : undefined;
}

export type AuditEntry = typeof auditLog.$inferSelect;

/** One page of entries, newest first, and whether there is a next one (paged in the database). */
export async function searchAuditLog(
  db: Database,
  filter: AuditFilter,
  page: number,
  pageSize: number = backOffice.pageSize,
): Promise<{ entries: AuditEntry[]; hasNext: boolean }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize + 1)
    .offset(Math.max(0, page - 1) * pageSize);
  return { entries: rows.slice(0, pageSize), hasNext: rows.length > pageSize };
}

/** Every entry the filter matches, oldest first, up to the export limit. */
export async function auditEntriesForExport(db: Database, filter: AuditFilter): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditLog)
    .where(conditions(filter))
    .orderBy(auditLog.at, auditLog.id)
    .limit(backOffice.exportMaxRows);
}

const csvColumns = [
  'id',
  'at',
  'actor_staff_id',
  'action',
  'subject_type',
  'subject_id',
  'before',
  'after',
  'request_id',
];

/** A CSV field: quoted, and a leading formula character defused (spreadsheet injection). */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** RFC 4180 CSV with a header row; JSON values as JSON text. */
export function auditCsv(entries: AuditEntry[]): string {
  const lines = [csvColumns.join(',')];
  for (const entry of entries) {
    lines.push(
      [
        String(entry.id),
        entry.at.toISOString(),
        entry.actorStaffId ?? '',
        entry.action,
        entry.subjectType,
        entry.subjectId,
        entry.before === null ? '' : JSON.stringify(entry.before),
        entry.after === null ? '' : JSON.stringify(entry.after),
        entry.requestId ?? '',
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The retention job's deletion of entries older than 2 years: the one path the table's trigger lets
 * through, in a transaction that sets `app.audit_retention` for itself only (migration
 * 0008_audit_log_append_only.sql). Returns how many entries went.
 */
export async function deleteExpiredAuditEntries(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.audit_retention', 'on', true)`);
    const rows = await tx
      .delete(auditLog)
      .where(sql`${auditLog.at} < now() - ${retention.auditLogInterval}::interval`)
      .returning({ id: auditLog.id });
    return rows.length;
  });
}

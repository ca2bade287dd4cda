import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { backOffice, caseWorkerRoles, payoutRoles } from '~/config/back-office';
import { business } from '~/config/business';
import { rowsOf, type Database } from '~/db/client.server';
import {
  bikeReports,
  caseNotes,
  cases,
  cancellations,
  customers,
  damageReports,
  outbox,
  payouts,
  smsOutbox,
  staffAccounts,
  trips,
} from '~/db/schema';
import type { FeatureContext } from '~/feature-context';
import type { Logger } from '~/platform/logger.server';
import { recordAudit, type AuditOrigin } from '~/features/audit/public.server';
import type { ScheduledJob } from '~/shared/scheduler/scheduled-jobs.server';

/**
 * The service back office's case queues (docs/rules/back-office.md#case-queues; docs/decisions/0034):
 * one queue over cancellation declarations, bike and vehicle reports, deletion requests, failed mails and
 * SMS, due payouts, and trips the fleet system sent for an unknown customer number.
 * A case is created from its source lazily, by `syncCases` before every list; its state only moves
 * forward (`new` → `in_progress` → `done`), and every change is one conditional UPDATE, so two staff
 * members acting at once never both win. Every staff action writes its audit entry in its own
 * transaction.
 */

export type CaseKind = (typeof cases.$inferSelect)['kind'];
export type CaseState = (typeof cases.$inferSelect)['state'];
export type CaseRow = typeof cases.$inferSelect;

export const caseKinds: readonly CaseKind[] = [
  'cancellation',
  'bike_report',
  'deletion_request',
  'failed_mail',
  'failed_sms',
  'vehicle_report',
  'payout',
  'trip',
];
export const caseStates: readonly CaseState[] = ['new', 'in_progress', 'done'];

/** The staff member acting; the route layer has checked the login and the role. */
export interface StaffActor {
  staffId: string;
  role: 'agent' | 'finance' | 'admin';
  /** The request acting (its id and keyed client address), stamped on every audit entry it writes. */
  origin: AuditOrigin;
}

/** `config` builds the links in the mails to customers and declarants. */
export type CaseworkContext = Pick<FeatureContext, 'db' | 'config' | 'brand' | 'onMailQueued'>;

const stateRank: Record<CaseState, number> = { new: 0, in_progress: 1, done: 2 };

/**
 * Where each kind's cases come from: the source's table, its id and the time of its occurrence, and which of its
 * rows are cases when not all are (`where`; a partial index on `at` with the same condition keeps the sync's read
 * of recent rows an index scan).
 */
const caseSources: readonly {
  kind: CaseKind;
  table: AnyPgTable;
  id: AnyPgColumn;
  at: AnyPgColumn;
  where?: SQL;
}[] = [
  { kind: 'cancellation', table: cancellations, id: cancellations.id, at: cancellations.receivedAt },
  { kind: 'bike_report', table: bikeReports, id: bikeReports.id, at: bikeReports.createdAt },
  { kind: 'deletion_request', table: customers, id: customers.id, at: customers.deletionRequestedAt },
  { kind: 'failed_mail', table: outbox, id: outbox.id, at: outbox.failedAt },
  { kind: 'failed_sms', table: smsOutbox, id: smsOutbox.id, at: smsOutbox.failedAt },
  { kind: 'vehicle_report', table: damageReports, id: damageReports.id, at: damageReports.createdAt },
  { kind: 'payout', table: payouts, id: payouts.id, at: payouts.createdAt },
  // Trips of an unknown customer number (docs/rules/rides-and-charges.md#trips-in), through trips_unknown_received_idx.
  { kind: 'trip', table: trips, id: trips.id, at: trips.receivedAt, where: sql`${trips.customerId} is null` },
];

/**
 * The kinds of case a role's queue and case pages show (docs/rules/back-office.md#case-pages): service
 * staff see every kind, payouts too (a customer may ask about one); finance staff and admins, who record
 * payouts as paid out, see payout cases only, and nothing of the other kinds' customers and declarants.
 */
export function caseKindsFor(role: StaffActor['role']): readonly CaseKind[] {
  if ((caseWorkerRoles as readonly string[]).includes(role)) return caseKinds;
  if ((payoutRoles as readonly string[]).includes(role)) return ['payout'];
  return [];
}

/**
 * Creates the cases of sources that have none yet. Idempotent and safe to run concurrently: the
 * unique index on (kind, source, occurrence) lets each occurrence in once.
 *
 * `recent`, before every list, reads a kind's sources only from its newest case's time (leaving out
 * cases a fast clock dated ahead of the database's present) less `caseSync.overlapMs`,
 * through an index on the source's time, so a view costs what arrived since rather than a scan of
 * every source table (customers and mails among them). `all` reads every source; `caseSweepJob`
 * runs it for a source that committed later than the overlap. Returns how many cases it made per kind.
 */
export async function syncCases(
  db: Database,
  scope: 'recent' | 'all' = 'recent',
): Promise<Partial<Record<CaseKind, number>>> {
  const overlapMs = backOffice.caseSync.overlapMs;
  const created: Partial<Record<CaseKind, number>> = {};
  for (const source of caseSources) {
    const since =
      scope === 'all'
        ? sql`${source.at} is not null`
        : sql`${source.at} >= coalesce(
            (select max(${cases.occurredAt}) from ${cases}
              where ${cases.kind} = ${source.kind} and ${cases.occurredAt} <= now()),
            '-infinity'::timestamptz
          ) - ${overlapMs}::int * interval '1 millisecond'`;
    const made = await db.execute(
      sql`insert into ${cases} (kind, source_id, occurred_at)
          select ${source.kind}, ${source.id}, ${source.at} from ${source.table}
          where ${since}${source.where ? sql` and ${source.where}` : sql``}
          on conflict (kind, source_id, occurred_at) do nothing
          returning 1`,
    );
    const rows = rowsOf(made);
    if (rows.length > 0) created[source.kind] = rows.length;
  }
  return created;
}

/**
 * The whole scan of `syncCases`, once per `caseSync.sweepIntervalMs` across all instances. It first
 * syncs as a view does, so what the whole scan makes after it are the sources a view would have
 * missed: committed later than the overlap. Those are logged with their count per kind, since they
 * mean a transaction that stalled or a failure recorded late, and their cases are an hour late.
 */
export function caseSweepJob(db: Database, logger: Pick<Logger, 'warn'>): ScheduledJob {
  return {
    name: 'case-sweep',
    intervalMs: backOffice.caseSync.sweepIntervalMs,
    run: async () => {
      await syncCases(db, 'recent');
      const missed = await syncCases(db, 'all');
      if (Object.keys(missed).length > 0) {
        logger.warn(
          { cases: missed },
          'the case sweep made cases for sources committed later than the views look back',
        );
      }
    },
  };
}

export interface CaseFilter {
  kind?: CaseKind;
  /** The kinds the viewer may see (`caseKindsFor` their role); every kind when not given. */
  kinds?: readonly CaseKind[];
  state?: CaseState;
  /** A staff id, or `unassigned`. */
  assignee?: string;
  /** 1-based; clamped to the pages that exist. */
  page?: number;
  pageSize?: number;
}

export interface CasePage {
  cases: CaseRow[];
  page: number;
  pageCount: number;
  total: number;
}

/** One page of the queue, oldest occurrence first (ties broken by id, so pages never overlap). */
export async function listCases(ctx: Pick<CaseworkContext, 'db'>, filter: CaseFilter = {}): Promise<CasePage> {
  await syncCases(ctx.db);
  const conditions = and(
    filter.kind ? eq(cases.kind, filter.kind) : undefined,
    filter.kinds ? (filter.kinds.length ? inArray(cases.kind, [...filter.kinds]) : sql`false`) : undefined,
    filter.state ? eq(cases.state, filter.state) : undefined,
    filter.assignee === 'unassigned'
      ? isNull(cases.assigneeStaffId)
      : filter.assignee
        ? eq(cases.assigneeStaffId, filter.assignee)
        : undefined,
  );
  const pageSize = Math.min(
    Math.max(1, filter.pageSize ?? business.backOffice.pageSize),
    business.backOffice.maxPageSize,
  );
  const [count] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(cases)
    .where(conditions);
  const total = Number(count?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = filter.page ?? 1;
  const page = Math.min(Math.max(1, Number.isInteger(requested) ? requested : 1), pageCount);
  const rows = await ctx.db
    .select()
    .from(cases)
    .where(conditions)
    .orderBy(asc(cases.occurredAt), asc(cases.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { cases: rows, page, pageCount, total };
}

export type CaseError = 'not-found' | 'wrong-kind' | 'done' | 'stale' | 'taken' | 'backward' | 'invalid';

/** A case's row, locked for the rest of the transaction, and not yet done (of `kind` when given). */
export async function lockOpenCase(
  tx: Database,
  caseId: string,
  kind?: CaseKind,
  expectedVersion?: number,
): Promise<{ ok: true; row: CaseRow } | { ok: false; error: CaseError }> {
  if (!isUuid(caseId)) return { ok: false, error: 'not-found' };
  const [row] = await tx.select().from(cases).where(eq(cases.id, caseId)).for('update');
  if (!row) return { ok: false, error: 'not-found' };
  if (kind && row.kind !== kind) return { ok: false, error: 'wrong-kind' };
  if (row.state === 'done') return { ok: false, error: 'done' };
  // A page that showed an older version acts on what it showed, not on what the case is now.
  if (expectedVersion !== undefined && row.version !== expectedVersion) return { ok: false, error: 'stale' };
  return { ok: true, row };
}

/** Closes a locked open case with its outcome; the actor becomes the assignee when there was none. */
export async function closeCase(
  tx: Database,
  row: CaseRow,
  actor: StaffActor,
  outcome: string,
  outcomeText: string | null = null,
  now = new Date(),
): Promise<CaseRow> {
  const [closed] = await tx
    .update(cases)
    .set({
      state: 'done',
      outcome,
      outcomeText,
      assigneeStaffId: row.assigneeStaffId ?? actor.staffId,
      version: sql`${cases.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(cases.id, row.id), or(eq(cases.state, 'new'), eq(cases.state, 'in_progress'))))
    .returning();
  if (!closed) throw new Error(`Case ${row.id} was closed while locked`);
  await recordAudit(
    tx,
    {
      actorStaffId: actor.staffId,
      action: 'case.close',
      subjectType: 'case',
      subjectId: row.id,
      before: { state: row.state },
      after: { state: 'done', outcome },
    },
    actor.origin,
  );
  return closed;
}

export type CaseChange = { ok: true; case: CaseRow } | { ok: false; error: CaseError };

/**
 * Takes a new case: the actor becomes its assignee and it moves to `in_progress`. Of two staff
 * members taking the same case at once, the first wins and the second is told `taken`.
 */
export async function takeCase(
  ctx: Pick<CaseworkContext, 'db'>,
  actor: StaffActor,
  caseId: string,
  { expectedVersion }: { expectedVersion?: number } = {},
): Promise<CaseChange> {
  if (!isUuid(caseId)) return { ok: false, error: 'not-found' };
  return ctx.db.transaction(async (tx): Promise<CaseChange> => {
    const [taken] = await tx
      .update(cases)
      .set({
        state: 'in_progress',
        assigneeStaffId: actor.staffId,
        version: sql`${cases.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(cases.id, caseId),
          eq(cases.state, 'new'),
          or(isNull(cases.assigneeStaffId), eq(cases.assigneeStaffId, actor.staffId)),
          expectedVersion === undefined ? undefined : eq(cases.version, expectedVersion),
        ),
      )
      .returning();
    if (!taken) {
      const [row] = await tx.select().from(cases).where(eq(cases.id, caseId));
      if (!row) return { ok: false, error: 'not-found' };
      if (row.state === 'done') return { ok: false, error: 'done' };
      if (row.state === 'new' && expectedVersion !== undefined && row.version !== expectedVersion) {
        return { ok: false, error: 'stale' };
      }
      return { ok: false, error: 'taken' };
    }
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'case.take',
        subjectType: 'case',
        subjectId: caseId,
        before: { state: 'new' },
        after: { state: 'in_progress', assigneeStaffId: actor.staffId },
      },
      actor.origin,
    );
    return { ok: true, case: taken };
  });
}

/**
 * Gives an open case to a staff member (or to nobody, `null`). `expectedVersion` is the version the
 * page showed: a case changed since is refused as `stale` instead of overwriting someone's change.
 */
export async function assignCase(
  ctx: Pick<CaseworkContext, 'db'>,
  actor: StaffActor,
  caseId: string,
  { assigneeStaffId, expectedVersion }: { assigneeStaffId: string | null; expectedVersion: number },
): Promise<CaseChange> {
  if (assigneeStaffId !== null && !isUuid(assigneeStaffId)) return { ok: false, error: 'invalid' };
  return ctx.db.transaction(async (tx): Promise<CaseChange> => {
    const open = await lockOpenCase(tx, caseId);
    if (!open.ok) return open;
    if (open.row.version !== expectedVersion) return { ok: false, error: 'stale' };
    // Only an active staff member who works cases can be given one: anyone else would hide it from every queue.
    if (assigneeStaffId !== null) {
      const [assignee] = await tx
        .select({ id: staffAccounts.id })
        .from(staffAccounts)
        .where(
          and(
            eq(staffAccounts.id, assigneeStaffId),
            eq(staffAccounts.active, true),
            inArray(staffAccounts.role, caseWorkerRoles),
          ),
        );
      if (!assignee) return { ok: false, error: 'invalid' };
    }
    const [assigned] = await tx
      .update(cases)
      .set({ assigneeStaffId, version: sql`${cases.version} + 1`, updatedAt: new Date() })
      .where(eq(cases.id, caseId))
      .returning();
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'case.assign',
        subjectType: 'case',
        subjectId: caseId,
        before: { assigneeStaffId: open.row.assigneeStaffId },
        after: { assigneeStaffId },
      },
      actor.origin,
    );
    return { ok: true, case: assigned! };
  });
}

/**
 * Moves a case forward: `new` → `in_progress` → `done` (or `new` → `done`), never back. Checked
 * against `expectedVersion` like an assignment. A case taken up without an assignee gets the actor.
 */
export async function transitionCase(
  ctx: Pick<CaseworkContext, 'db'>,
  actor: StaffActor,
  caseId: string,
  { to, expectedVersion }: { to: CaseState; expectedVersion: number },
): Promise<CaseChange> {
  if (!isUuid(caseId)) return { ok: false, error: 'not-found' };
  // The state comes from a form: one that is none of ours is refused, never written.
  if (!caseStates.includes(to)) return { ok: false, error: 'invalid' };
  return ctx.db.transaction(async (tx): Promise<CaseChange> => {
    const [row] = await tx.select().from(cases).where(eq(cases.id, caseId)).for('update');
    if (!row) return { ok: false, error: 'not-found' };
    if (stateRank[to] <= stateRank[row.state]) return { ok: false, error: 'backward' };
    if (row.version !== expectedVersion) return { ok: false, error: 'stale' };
    if (to === 'done') return { ok: true, case: await closeCase(tx, row, actor, 'closed') };
    const [moved] = await tx
      .update(cases)
      .set({
        state: to,
        assigneeStaffId: row.assigneeStaffId ?? actor.staffId,
        version: sql`${cases.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(cases.id, caseId), eq(cases.version, expectedVersion)))
      .returning();
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'case.transition',
        subjectType: 'case',
        subjectId: caseId,
        before: { state: row.state },
        after: { state: to },
      },
      actor.origin,
    );
    return { ok: true, case: moved! };
  });
}

export type NoteOutcome = { ok: true; noteId: string } | { ok: false; error: 'not-found' | 'invalid' | 'stale' };

/** Adds a note to a case (done ones too: a later remark belongs to the case's history). */
export async function addCaseNote(
  ctx: Pick<CaseworkContext, 'db'>,
  actor: StaffActor,
  caseId: string,
  text: string,
  { expectedVersion }: { expectedVersion?: number } = {},
): Promise<NoteOutcome> {
  const note = text.trim();
  if (note.length === 0 || note.length > business.backOffice.noteMaxLength) return { ok: false, error: 'invalid' };
  if (!isUuid(caseId)) return { ok: false, error: 'not-found' };
  return ctx.db.transaction(async (tx): Promise<NoteOutcome> => {
    const [row] = await tx
      .select({ id: cases.id, version: cases.version })
      .from(cases)
      .where(eq(cases.id, caseId))
      .for('update');
    if (!row) return { ok: false, error: 'not-found' };
    if (expectedVersion !== undefined && row.version !== expectedVersion) return { ok: false, error: 'stale' };
    const [inserted] = await tx
      .insert(caseNotes)
      .values({ caseId, authorStaffId: actor.staffId, text: note })
      .returning({ id: caseNotes.id });
    await tx
      .update(cases)
      .set({ version: sql`${cases.version} + 1`, updatedAt: new Date() })
      .where(eq(cases.id, caseId));
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'case.note',
        subjectType: 'case',
        subjectId: caseId,
        after: { noteId: inserted!.id },
      },
      actor.origin,
    );
    return { ok: true, noteId: inserted!.id };
  });
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

import { backOffice } from '~/config/back-office';
import { trimmedOrUnset, z } from '~/platform/validation';
import type { FeatureContext } from '~/feature-context';
import {
  auditCsv,
  auditEntriesForExport,
  recordAudit,
  searchAuditLog,
  type AuditFilter,
  type AuditOrigin,
} from './audit-log.server';

const day = 24 * 60 * 60 * 1000;
const optionalText = (max: number) => z.optional(trimmedOrUnset(z.string().check(z.trim(), z.maxLength(max))));
const optionalDate = z.optional(z.pipe(trimmedOrUnset(), z.optional(z.iso.date())));

/** The audit log page's search, as its query string carries it (every field optional). */
const auditQuerySchema = z.object({
  actor: z.optional(z.pipe(trimmedOrUnset(), z.optional(z.uuid()))),
  action: optionalText(100),
  subjectType: optionalText(100),
  subjectId: optionalText(200),
  from: optionalDate,
  until: optionalDate,
  page: z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});

export interface AuditQuery {
  filter: AuditFilter;
  page: number;
  /** The search as typed, for the form. */
  values: Record<'actor' | 'action' | 'subjectType' | 'subjectId' | 'from' | 'until', string>;
  invalid: boolean;
}

/** Parses the search from the query string; an invalid one searches nothing and says so. */
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const raw = Object.fromEntries(
    ['actor', 'action', 'subjectType', 'subjectId', 'from', 'until', 'page'].map((name) => [
      name,
      (params.get(name) ?? '').slice(0, 300),
    ]),
  );
  const values = {
    actor: raw.actor ?? '',
    action: raw.action ?? '',
    subjectType: raw.subjectType ?? '',
    subjectId: raw.subjectId ?? '',
    from: raw.from ?? '',
    until: raw.until ?? '',
  };
  const parsed = auditQuerySchema.safeParse(raw);
  if (!parsed.success) return { filter: {}, page: 1, values, invalid: true };
  const { actor, action, subjectType, subjectId, from, until, page } = parsed.data;
  return {
    filter: {
      actorStaffId: actor,
      action,
      subjectType,
      subjectId,
      // Dates are whole UTC days; `until` includes its day.
      from: from ? new Date(`${from}T00:00:00Z`) : undefined,
      until: until ? new Date(new Date(`${until}T00:00:00Z`).getTime() + day) : undefined,
    },
    page,
    values,
    invalid: false,
  };
}

/**
 * One page of the audit log for the admin's search. Its entries hold customers' ids and staff's
 * reasons about customers, so showing them is itself recorded (`audit.view`: the search as typed, the
 * page and the ids of the entries shown), like the customer search and the export; the entry is
 * written after the query and before the answer. An invalid search shows nothing and records nothing.
 */
export async function auditLogPage(
  ctx: Pick<FeatureContext, 'db'>,
  viewer: { staffId: string; origin: AuditOrigin },
  query: AuditQuery,
) {
  if (query.invalid) return { entries: [], hasNext: false };
  const found = await searchAuditLog(ctx.db, query.filter, query.page, backOffice.pageSize);
  await recordAudit(
    ctx.db,
    {
      actorStaffId: viewer.staffId,
      action: 'audit.view',
      subjectType: 'audit-log',
      subjectId: 'search',
      after: { search: query.values, page: query.page, shown: found.entries.map((entry) => entry.id) },
    },
    viewer.origin,
  );
  return found;
}

/**
 * The CSV export of a search (at most `backOffice.exportMaxRows` entries). The export is itself an
 * entry of the log: who exported which search, and how many entries it held.
 */
export async function exportAuditLog(
  ctx: Pick<FeatureContext, 'db'>,
  actorStaffId: string,
  query: AuditQuery,
  origin: AuditOrigin,
): Promise<{ csv: string; count: number }> {
  const entries = query.invalid ? [] : await auditEntriesForExport(ctx.db, query.filter);
  await recordAudit(
    ctx.db,
    {
      actorStaffId,
      action: 'audit.export',
      subjectType: 'audit-log',
      subjectId: 'search',
      after: { search: query.values, count: entries.length },
    },
    origin,
  );
  return { csv: auditCsv(entries), count: entries.length };
}

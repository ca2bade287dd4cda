import type { Route } from './+types/audit-export';
import { servicesContext } from '~/context';
import { exportAuditLog, parseAuditQuery } from '~/features/audit/public.server';
import { auditOrigin, requireStaff } from '~/features/staff/public.server';

/** The audit log search as CSV (admins; the export is itself recorded in the log). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const { csv } = await exportAuditLog(context.get(servicesContext), staff.staffId, query, auditOrigin(context));
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-log-${stamp}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

import type { Route } from './+types/audit-export';
import { servicesContext } from '~/context';
import { exportAuditLog, parseAuditQuery } from '~/features/audit/public.server';
import { auditOrigin, requireStaff } from '~/features/staff/public.server';
import { submittedForm } from '~/shared/security/submitted-form.server';

/**
 * The audit log search as CSV (admins). The export is itself recorded in the log, so it is an action
 * (intent `export`, with the form's CSRF token), never a GET that a link or a prefetch could trigger
 * (docs/decisions/0035-back-office-customer-lookup.md). The form carries the search's fields.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const form = await submittedForm(request, context);
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === 'string') fields.append(name, value);
  const query = parseAuditQuery(fields);
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

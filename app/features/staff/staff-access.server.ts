import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { requestContext, servicesContext } from '~/context';
import { appendAuditEntry, auditIpHash, type AuditOrigin } from '~/features/audit/public.server';
import { backOfficePath, findBackOfficePage, rolesFor, type BackOfficePageId } from '~/i18n/back-office-routes';
import { readCookie } from '~/platform/cookies';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { readStaffSession, staffCookieName, type StaffMember } from './staff-sessions.server';

/** The logged-in staff member of a request that passed the back office's guard. */
export const staffContext = createContext<StaffMember | null>(null);

/**
 * The back office's guard (docs/rules/back-office.md#access-by-role), as the middleware of
 * app/routes/guards/back-office.tsx: resolves the staff session from the back office's own cookie (a
 * customer session never counts), finds the page in the back office's route table and checks the
 * role against the loader's roles (GET) or the action's (the form's `intent`). No staff session: a
 * page goes to the login, an action gets 403. A staff member whose role the table does not name: 403,
 * recorded in the audit log. Answers are never cached.
 */
export const backOfficeGuard: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const { database, config } = context.get(servicesContext);
  const secure = config.publicUrl.startsWith('https:');
  const token = readCookie(request.headers.get('cookie'), staffCookieName(secure));
  const staff = await readStaffSession(database.db, token);
  const page = findBackOfficePage(url.pathname);
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (!staff) {
    if (isRead) {
      const query = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
      throw redirect(`${backOfficePath('login')}?${query.toString()}`, {
        headers: { 'Cache-Control': 'private, no-store' },
      });
    }
    throw data({ message: 'backoffice.forbidden' }, { status: 403 });
  }
  const intent = isRead ? null : await formIntent(request, context);
  if (!page || !rolesFor(page, request.method, intent).includes(staff.role)) {
    await appendAuditEntry(
      database.db,
      {
        actorStaffId: staff.staffId,
        action: 'backoffice.access-denied',
        subjectType: 'backoffice-page',
        subjectId: page ?? url.pathname.slice(0, 200),
        after: { method: request.method, intent, role: staff.role },
      },
      auditOrigin(context),
    );
    throw data({ message: 'backoffice.forbidden' }, { status: 403 });
  }
  context.set(staffContext, staff);
  const response = await next();
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
};

/**
 * The form's one `intent`, at most 64 characters. A form with several is nobody's: the guard checks one
 * intent and the action must not read another.
 */
async function formIntent(request: Request, context: Readonly<RouterContextProvider>): Promise<string | null> {
  const values = (await submittedForm(request, context)).getAll('intent');
  const [value] = values;
  return values.length === 1 && typeof value === 'string' && value.length <= 64 ? value : null;
}

/** The staff member the guard let through; throws when a route outside the guard asks. */
export function requireStaff(context: Readonly<RouterContextProvider>): StaffMember {
  const staff = context.get(staffContext);
  if (!staff) throw data({ message: 'backoffice.forbidden' }, { status: 403 });
  return staff;
}

/** The request's id and keyed client address, for the audit entries it writes. */
export function auditOrigin(context: Readonly<RouterContextProvider>): AuditOrigin {
  const { config } = context.get(servicesContext);
  const request = context.get(requestContext);
  return { requestId: request.requestId, ipHash: auditIpHash(request.clientIp, config.sessionSecret) };
}

export type { BackOfficePageId };

import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { servicesContext } from '~/context';
import { auditOrigin, clearedStaffSessionCookie, requireStaff, staffLogOut } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';

/** A GET (a bookmarked address) logs nobody out: back to the start page. */
export function loader() {
  return redirect(backOfficePath('start'));
}

/** Ends the staff session on the server and clears the cookie. */
export async function action({ context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await staffLogOut(services, requireStaff(context), auditOrigin(context));
  return redirect(`${backOfficePath('login')}?loggedOut=1`, {
    headers: { 'Set-Cookie': clearedStaffSessionCookie(services.config.publicUrl.startsWith('https:')) },
  });
}

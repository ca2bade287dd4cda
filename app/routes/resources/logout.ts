import type { Route } from './+types/logout';
import { servicesContext, sessionContext } from '~/context';
import { clearedSessionCookie, endSession } from '~/features/accounts/sessions.server';
import { defaultLocale, isLocale } from '~/i18n/locales';
import { pagePath } from '~/i18n/route-table';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';
import { submittedForm } from '~/shared/security/submitted-form.server';

/** Logout ends the session on the server, not just in the browser. POST only (CSRF-checked). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const { database, config } = context.get(servicesContext);
  const session = context.get(sessionContext);
  if (session) await endSession(database.db, session.idHash);
  const locale = String((await submittedForm(request, context)).get('locale'));
  return redirectCarrying(url, `${pagePath('login', isLocale(locale) ? locale : defaultLocale)}?loggedOut=1`, {
    headers: { 'Set-Cookie': clearedSessionCookie(config.publicUrl.startsWith('https:')) },
  });
}

export function loader() {
  throw new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
}

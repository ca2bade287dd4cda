import { eq } from 'drizzle-orm';
import type { RouterContextProvider } from 'react-router';
import { pageContext, servicesContext, sessionContext } from '~/context';
import { customers } from '~/db/schema';
import { defaultLocale } from '~/i18n/locales';
import { pagePath } from '~/i18n/route-table';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';
import type { CurrentSession } from './sessions.server';

/**
 * The session of the logged-in customer, or a redirect to the login page that returns to `url` (the
 * page's, as the router gives it to loaders and actions) afterwards.
 */
export function requireSession(url: URL, context: Readonly<RouterContextProvider>): CurrentSession {
  const session = context.get(sessionContext);
  if (session) return session;
  const locale = context.get(pageContext).pathLocale ?? defaultLocale;
  // The link builder picks the login's web-view copy for a web view and carries the travelling values.
  throw redirectCarrying(
    url,
    `${pagePath('login', locale)}?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`,
  );
}

/**
 * What every page shows of the logged-in customer (header, verification reminder). A read takes it
 * from the session, which read it in the same query; after an action (loaders then run in the same
 * request) it is read again, since the action may have changed it (a confirmed email address).
 */
export async function customerSummary(request: Request, context: Readonly<RouterContextProvider>) {
  const session = context.get(sessionContext);
  if (!session) return null;
  if (request.method === 'GET' || request.method === 'HEAD') return context.get(pageContext).customer;
  const { database } = context.get(servicesContext);
  const [row] = await database.db
    .select({ firstName: customers.firstName, emailVerifiedAt: customers.emailVerifiedAt })
    .from(customers)
    .where(eq(customers.id, session.customerId));
  return row ? { firstName: row.firstName, emailVerified: row.emailVerifiedAt !== null } : null;
}

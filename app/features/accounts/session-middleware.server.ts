import type { MiddlewareFunction } from 'react-router';
import { servicesContext, sessionContext } from '~/context';
import { hostCookieName, readCookie, sessionCookieName } from '~/platform/cookies';
import { clearedSessionCookie, readSession, sessionCookie } from './sessions.server';

/**
 * Reads the session behind the cookie once per request. A renewed sliding lifetime sends the
 * cookie again; a dead session's cookie is cleared, so the browser gets cached public pages again.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { database, config } = context.get(servicesContext);
  const secure = config.publicUrl.startsWith('https:');
  const token = readCookie(request.headers.get('cookie'), hostCookieName(sessionCookieName, secure));
  const session = token ? await readSession(database.db, token) : null;
  context.set(sessionContext, session);
  const response = await next();
  if (token && !session) response.headers.append('Set-Cookie', clearedSessionCookie(secure));
  else if (token && session?.renewedUntil)
    response.headers.append('Set-Cookie', sessionCookie(token, session.renewedUntil, secure));
  return response;
};

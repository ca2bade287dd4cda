import type { RouterContextProvider } from 'react-router';
import { servicesContext, sessionContext } from '~/context';
import { issueCsrfToken } from './csrf.server';

/**
 * The CSRF token for a page's forms, bound to the request's session (if any), and the cookie header
 * to send when the browser has none yet.
 */
export function csrfFor(request: Request, context: Readonly<RouterContextProvider>) {
  const { config } = context.get(servicesContext);
  const { token, setCookie } = issueCsrfToken(
    request,
    config.sessionSecret,
    config.publicUrl.startsWith('https:'),
    context.get(sessionContext)?.idHash ?? null,
  );
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  if (setCookie) headers.append('Set-Cookie', setCookie);
  return { token, headers };
}

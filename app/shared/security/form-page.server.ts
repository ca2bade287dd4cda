import { createHash } from 'node:crypto';
import type { RouterContextProvider } from 'react-router';
import { pageContext, servicesContext, sessionContext } from '~/context';
import { isBackOfficePath } from '~/i18n/back-office-routes';
import { hostCookieName, readCookie, staffSessionCookieName } from '~/platform/cookies';
import { issueCsrfToken, type CsrfScope } from './csrf.server';

/** What a request's CSRF token is bound to: the part of the site and the session of that part. */
export interface CsrfBinding {
  scope: CsrfScope;
  sessionIdHash: string | null;
}

/**
 * The binding of a request's form tokens. Customer pages: the customer's live session (read by the
 * session middleware). The back office (its pages below `/backoffice`, login included): the staff
 * session's cookie, never the customer's, so a staff member without a customer session can post and
 * a customer session changes nothing there (docs/decisions/0035-back-office-customer-lookup.md). The
 * CSRF check runs before the back office's guard has read the staff session, so the binding is a hash
 * of the cookie's value; whether that session is alive is the guard's question, asked right after.
 * The browser sends the back office's cookie with `SameSite=Strict`, and another site can neither read
 * nor set it.
 */
export function csrfBinding(request: Request, context: Readonly<RouterContextProvider>): CsrfBinding {
  if (isBackOfficePath(context.get(pageContext).pathname)) {
    const secure = context.get(servicesContext).config.publicUrl.startsWith('https:');
    const token = readCookie(request.headers.get('cookie'), hostCookieName(staffSessionCookieName, secure));
    const sessionIdHash =
      token && /^[\w-]{43}$/.test(token) ? createHash('sha256').update(`csrf-staff:${token}`).digest('hex') : null;
    return { scope: 'back-office', sessionIdHash };
  }
  return { scope: 'site', sessionIdHash: context.get(sessionContext)?.idHash ?? null };
}

/**
 * The CSRF token for a page's forms, bound as `csrfBinding` says, and the cookie header to send when
 * the browser has none yet.
 */
export function csrfFor(request: Request, context: Readonly<RouterContextProvider>) {
  const { config } = context.get(servicesContext);
  const binding = csrfBinding(request, context);
  const { token, setCookie } = issueCsrfToken(
    request,
    config.sessionSecret,
    config.publicUrl.startsWith('https:'),
    binding.sessionIdHash,
    binding.scope,
  );
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  if (setCookie) headers.append('Set-Cookie', setCookie);
  return { token, headers };
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hostCookieName, readCookie } from '~/platform/cookies';
import { csrfFieldName } from './form-fields';

const cookieName = 'csrf';

/**
 * CSRF protection for every state-changing request: a random secret in an httpOnly cookie
 * (`__Host-csrf` under HTTPS) and, in each form, an HMAC under the server's secret over that cookie
 * and the session the page was rendered for (signed double submit, bound to the session). A forged
 * form from another site can neither read the cookie nor compute the token. A token from before a
 * login stops working with the login, and one from another session never works in this one: a token
 * picked up from one page view cannot be replayed into another login. Pages without a session (the
 * login form among them) are bound to "no session". SameSite=Lax is a second wall.
 *
 * The back office's forms are bound to the staff session instead, under a scope of their own
 * (`back-office`): a token of a customer page never works in the back office and one of the back
 * office never works on a customer page, with or without a session on either side
 * (docs/decisions/0035-back-office-customer-lookup.md).
 */
export type CsrfScope = 'site' | 'back-office';

export function issueCsrfToken(
  request: Request,
  serverSecret: string,
  secure: boolean,
  sessionIdHash: string | null,
  scope: CsrfScope = 'site',
): { token: string; setCookie?: string } {
  const name = hostCookieName(cookieName, secure);
  const existing = readCookie(request.headers.get('cookie'), name);
  if (existing && /^[\w-]{43}$/.test(existing)) return { token: sign(existing, sessionIdHash, serverSecret, scope) };
  const value = randomBytes(32).toString('base64url');
  return {
    token: sign(value, sessionIdHash, serverSecret, scope),
    setCookie: `${name}=${value}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  };
}

/**
 * Whether the form carries the token that matches this browser's cookie and the request's session
 * (none when it has no live session).
 */
export function isValidCsrf(
  request: Request,
  formData: FormData,
  serverSecret: string,
  secure: boolean,
  sessionIdHash: string | null,
  scope: CsrfScope = 'site',
): boolean {
  const cookie = readCookie(request.headers.get('cookie'), hostCookieName(cookieName, secure));
  const token = formData.get(csrfFieldName);
  return (
    Boolean(cookie) && typeof token === 'string' && safeEqual(sign(cookie!, sessionIdHash, serverSecret, scope), token)
  );
}

/**
 * A request from another origin is refused before its form is even read. Behind a proxy the
 * request's own origin may differ from the public one; both count as ours.
 */
export function isCrossOrigin(request: Request, publicUrl: string): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.get('origin');
  if (!origin) return false;
  return origin !== new URL(request.url).origin && origin !== new URL(publicUrl).origin;
}

function sign(value: string, sessionIdHash: string | null, secret: string, scope: CsrfScope): string {
  // The site's tokens keep their original input, so pages open while this ships keep working.
  const label = scope === 'site' ? 'csrf' : `csrf-${scope}`;
  return createHmac('sha256', secret)
    .update(`${label}\n${value}\n${sessionIdHash ?? ''}`)
    .digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

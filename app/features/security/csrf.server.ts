import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { data } from 'react-router';
import { readCookie } from '~/platform/cookies';
import { csrfFieldName } from './form-fields';

const cookieName = 'csrf';

/**
 * CSRF protection for every state-changing request: a random secret in an httpOnly cookie and, in
 * each form, an HMAC of it under the server's secret (signed double submit). A forged form from
 * another site can neither read the cookie nor compute the token. SameSite=Lax is a second wall.
 */
export function issueCsrfToken(
  request: Request,
  serverSecret: string,
  secure: boolean,
): { token: string; setCookie?: string } {
  const existing = readCookie(request.headers.get('cookie'), cookieName);
  if (existing && /^[\w-]{43}$/.test(existing)) return { token: sign(existing, serverSecret) };
  const value = randomBytes(32).toString('base64url');
  return {
    token: sign(value, serverSecret),
    setCookie: `${cookieName}=${value}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  };
}

export class CsrfError extends Error {}

/** Throws a 403 unless the form carries the token that matches this browser's cookie. */
export function assertValidCsrf(request: Request, formData: FormData, serverSecret: string): void {
  const cookie = readCookie(request.headers.get('cookie'), cookieName);
  const token = formData.get(csrfFieldName);
  if (!cookie || typeof token !== 'string' || !safeEqual(sign(cookie, serverSecret), token)) {
    throw data({ message: 'form.csrf-invalid' }, { status: 403 });
  }
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

function sign(value: string, secret: string): string {
  return createHmac('sha256', secret).update(`csrf:${value}`).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

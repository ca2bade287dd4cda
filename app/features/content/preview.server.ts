import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Draft preview for editors. The content service opens `/preview/page?slug=…&locale=…&secret=…`;
 * a right secret is exchanged at once for a short-lived signed cookie and the address is replaced by
 * one without the secret, so the secret does not stay in the browser's history or in shared links.
 */
export const previewCookieName = 'preview';
const previewLifetimeMs = 60 * 60 * 1000;

/** Compares in constant time (hashes first, so that lengths do not leak either). */
export function isPreviewSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function signature(expires: number, secret: string): string {
  return createHmac('sha256', secret).update(`preview:${expires}`).digest('base64url');
}

export function previewCookie(secret: string, secure: boolean, now = Date.now()): string {
  const expires = now + previewLifetimeMs;
  const value = `${expires}.${signature(expires, secret)}`;
  return `${previewCookieName}=${value}; Path=/preview; HttpOnly; SameSite=Lax; Max-Age=${previewLifetimeMs / 1000}${secure ? '; Secure' : ''}`;
}

export function isValidPreviewCookie(value: string | undefined, secret: string, now = Date.now()): boolean {
  if (!value) return false;
  const [expiresText, given] = value.split('.');
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(expires) || expires <= now || !given) return false;
  const expected = Buffer.from(signature(expires, secret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

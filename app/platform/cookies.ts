/** One cookie's value from a Cookie header, without a parser dependency. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The name of a cookie that carries security state (session, CSRF). Under HTTPS it takes the
 * `__Host-` prefix: the browser then accepts it only from this very host, Secure, with `Path=/` and
 * no `Domain`, so a sibling subdomain or a plain-HTTP page cannot plant or overwrite it.
 */
export function hostCookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

/**
 * The session cookie (`__Host-sid` under HTTPS); a request carrying it is never answered from the
 * shared page cache.
 */
export const sessionCookieName = 'sid';

/**
 * The back office's session cookie (`__Host-bo_sid` under HTTPS), apart from the customers' `sid`.
 * Contains `sid=`, so the page cache passes it by.
 */
export const staffSessionCookieName = 'bo_sid';

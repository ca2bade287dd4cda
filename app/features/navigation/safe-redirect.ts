/**
 * A redirect target after login must be a local path: absolute URLs, protocol-relative `//host`
 * and backslash tricks (`/\host`, which browsers read as `//host`) fall back to the default.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return fallback;
  if (/[\\\s]/.test(target) || /%5c|%2f%2f/i.test(target.slice(0, 6))) return fallback;
  try {
    const resolved = new URL(target, 'http://local.invalid');
    return resolved.origin === 'http://local.invalid'
      ? `${resolved.pathname}${resolved.search}${resolved.hash}`
      : fallback;
  } catch {
    return fallback;
  }
}

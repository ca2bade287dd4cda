/**
 * The origin a redirect target is resolved against. Only the resolved path, query and hash are kept,
 * so which host stands for "the app" does not matter; a reserved name can never be a real one.
 */
const appOrigin = 'http://app.invalid';

/** Longer targets are no page of ours; the bound keeps URL parsing cheap. */
const maxTargetLength = 2000;

/**
 * Every redirect to a target the client chose (after login, after a banner's or dialog's form) goes
 * through here. The target is normalised first and checked afterwards: it is resolved as a URL
 * against the app's origin exactly as a browser resolves a `Location` header (dot segments,
 * backslashes, tabs and newlines, `%2e` included), and only a result on the app's origin is kept,
 * re-serialised as path, query and hash. That result must resolve to itself again: `/.//host`
 * normalises to `//host`, which a browser would read as another host, so it falls back.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== 'string' || target.length > maxTargetLength || !target.startsWith('/')) return fallback;
  const path = sameOriginPath(target);
  if (path === null || sameOriginPath(path) !== path || encodedSeparator.test(path.split(/[?#]/)[0]!)) return fallback;
  return path;
}

/**
 * No page of ours has an encoded slash or backslash in its path, and a proxy or server that decodes
 * one would see `//host` again.
 */
const encodedSeparator = /%(2f|5c)/i;

function sameOriginPath(target: string): string | null {
  let resolved: URL;
  try {
    resolved = new URL(target, appOrigin);
  } catch {
    return null;
  }
  return resolved.origin === appOrigin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : null;
}

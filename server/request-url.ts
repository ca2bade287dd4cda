import type { IncomingMessage } from 'node:http';

/**
 * The URL the app sees for a request. The request target is always a path here: it is appended to
 * the origin, never resolved against it, because resolving reads a target such as
 * `//evil.example/de/login` as another host and the app would then judge origins and build links
 * from that host. A request for the public host counts as made to the public URL: behind a proxy
 * that ends TLS it arrives over plain HTTP, but the browser's Origin header says https, and React
 * Router refuses every action whose Origin differs from the request's. Null for a target that is
 * no path (`*`, or an absolute URL for another host) or a Host header that is no host: the server
 * answers 400.
 */
export function requestUrl(req: Pick<IncomingMessage, 'url' | 'headers'>, publicOrigin: URL): URL | null {
  const host = req.headers.host ?? 'localhost';
  const target = pathTarget(req.url ?? '/', host);
  if (target === null) return null;
  const protocol = host === publicOrigin.host ? publicOrigin.protocol : 'http:';
  // A host header with a path, user, query or fragment in it would change what the target means.
  if (/[/?#@\\\s]/.test(host)) return null;
  try {
    return new URL(`${protocol}//${host}${target}`);
  } catch {
    return null;
  }
}

/**
 * The path and query of a request target. HTTP/1.1 allows the absolute form (`GET http://host/path`,
 * sent by some proxies); it names the same resource as the path when its host is the Host header.
 */
function pathTarget(target: string, host: string): string | null {
  if (target.startsWith('/')) return target;
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const absolute = new URL(target);
    return absolute.host === host.toLowerCase() ? `${absolute.pathname}${absolute.search}` : null;
  } catch {
    return null;
  }
}

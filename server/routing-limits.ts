/**
 * What one request may make React Router match. Its matching runs in the event loop, synchronously,
 * and grows with what the request names: a document matches every parent path of its own path for
 * the route manifest it carries (so a path of 8,000 segments took 3.4 s, and every other request
 * waited), and route discovery matches every path its `paths` parameter lists over the whole route
 * tree (about 0.4 ms each here, up to 2,000 of them in a URL). Beyond these bounds no page of the app
 * can be meant, so the server answers at once (docs/decisions/0048-bounded-request-work.md).
 */

/** Segments of a path: the deepest page of the route table has 5 (server/routing-limits.test.ts). */
export const maxPathSegments = 16;

/**
 * Paths one route discovery request may name. The browser asks for the paths of the links a page
 * shows, with their parents: a customer's page asks for about 30, a back office list (50 rows of
 * `business.backOffice.pageSize`, a link or two each, and the navigation) for up to about 130.
 * Matching all of them takes about 0.1 s here.
 */
export const maxDiscoveredPaths = 256;

/** How many segments `pathname` has: `/de/faq` has 2. */
export function pathSegments(pathname: string): number {
  let segments = 0;
  for (let i = 0; i < pathname.length; i++) if (pathname.charCodeAt(i) === 47 /* / */) segments++;
  return segments;
}

/** How many distinct paths a route discovery request names, as React Router reads its `paths`. */
export function discoveredPaths(url: URL): number {
  const paths = url.searchParams.get('paths');
  return paths ? new Set(paths.split(',').filter(Boolean)).size : 0;
}

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

/**
 * Paths one client (an address group) may have matched by route discovery in a window, ahead of
 * time. Each costs up to about 1 ms of the event loop, so 256 at once cost up to 0.25 s: a stream of
 * such small requests kept an instance busy. A browser asks for a page's links (15 to 30 paths with
 * their parents) once and keeps what it discovered, so even visitors sharing one address (a mobile
 * network's NAT) stay below this; past it the client is told to discover nothing ahead of time. A
 * link followed or a form sent asks for its own path and its parents, never more than
 * `maxPathSegments` paths: those are always answered (a refused one would leave the browser without
 * the route, docs/decisions/0048-bounded-request-work.md). Counted per instance: the event loop it
 * protects is the instance's own.
 */
export const discoveryBudget = { paths: 2048, windowMs: 10_000 };

/** Whether a discovery request of `paths` paths counts against the budget: ahead of time, not a link followed. */
export function discoversAhead(paths: number): boolean {
  return paths > maxPathSegments;
}

export interface DiscoveryBudget {
  /** Counts `paths` against `group`'s window; false when they would go beyond it. */
  take(group: string, paths: number, now?: number): boolean;
}

/** Clients counted at once; beyond them the oldest window is forgotten (a fresh client's budget). */
const countedGroups = 10_000;

export function createDiscoveryBudget(budget = discoveryBudget): DiscoveryBudget {
  const windows = new Map<string, { startsAt: number; paths: number }>();
  return {
    take(group, paths, now = Date.now()) {
      let window = windows.get(group);
      if (!window || now - window.startsAt >= budget.windowMs) {
        windows.delete(group);
        if (windows.size >= countedGroups) windows.delete(windows.keys().next().value as string);
        window = { startsAt: now, paths: 0 };
        windows.set(group, window);
      }
      if (window.paths + paths > budget.paths) return false;
      window.paths += paths;
      return true;
    },
  };
}

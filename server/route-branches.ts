import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

type RequestHandler = ReturnType<typeof createRequestHandler>;
type ServerRoutes = ServerBuild['routes'];

export interface RouteBranches {
  /** The id of the deepest route that answers `pathname` (the request URL's, still percent-encoded), or null. */
  leafOf(pathname: string): string | null;
  /** The request handler for a request to `pathname`. */
  handlerFor(pathname: string): RequestHandler;
  /** The path of the lazy route discovery's manifest requests, when the build discovers routes lazily. */
  manifestPath: string | undefined;
}

/**
 * React Router matches a request's path against every branch of the route tree several times per
 * request (the handler, the static handler, and once per parent path for the document's route
 * manifest), and builds the document's route objects from the whole manifest, on every request. With
 * two locales, embedded variants and the back office the tree has about 150 routes, and that work was
 * more than half of an uncached page's CPU (docs/decisions/0040-route-branch-handlers.md).
 *
 * Here React Router's own matching runs once per path over the whole tree, and the request goes to a
 * handler whose build holds only the routes of the branch that matched: the same route modules,
 * loaders, actions, middleware and error boundaries, so the same answer, for a fraction of the work.
 * A path no route matches and the lazy route discovery's manifest requests go to the handler of the
 * whole build, which answers them as before. The metrics name a request by the same match
 * (server/route-label.ts).
 */
export function createRouteBranches(build: ServerBuild, options: { cachedPaths?: number } = {}): RouteBranches {
  const whole = createRequestHandler(build);
  const tree = routeTree(build.routes);
  const leafByPath = new BoundedMap<string, string | null>(options.cachedPaths ?? 2000);
  const byLeaf = new Map<string, RequestHandler>();
  const manifestPath = build.routeDiscovery.mode === 'lazy' ? build.routeDiscovery.manifestPath : undefined;

  function leafOf(pathname: string): string | null {
    const path = routedPath(pathname, build);
    let leafId = leafByPath.get(path);
    if (leafId === undefined) {
      leafId = matchRoutes(tree, path)?.at(-1)?.route.id ?? null;
      // Longer paths are matched each time rather than fill the cache.
      if (path.length <= maxCachedPathLength) leafByPath.set(path, leafId);
    }
    return leafId;
  }

  function handlerFor(pathname: string): RequestHandler {
    if (pathname === manifestPath) return whole;
    const leafId = leafOf(pathname);
    if (leafId === null) return whole;
    let handler = byLeaf.get(leafId);
    if (!handler) {
      handler = createRequestHandler(branchBuild(build, leafId));
      byLeaf.set(leafId, handler);
    }
    return handler;
  }

  return { leafOf, handlerFor, manifestPath };
}

const maxCachedPathLength = 512;

/**
 * The path React Router matches for a request (its `getNormalizedPath`): a data request's `.data`
 * suffix removed (`/_root.data` is `/`), then a trailing slash, unless trailing-slash-aware data
 * requests are on.
 */
export function routedPath(pathname: string, build: Pick<ServerBuild, 'future'>): string {
  if (build.future.v8_trailingSlashAwareDataRequests) {
    return pathname.endsWith('/_.data') ? pathname.slice(0, -'_.data'.length) : pathname.replace(/\.data$/, '');
  }
  let path = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '');
  if (path !== '/' && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/** The route tree as React Router builds it from the manifest: children in the manifest's order. */
function routeTree(routes: ServerRoutes, parentId = ''): RouteObject[] {
  const children: RouteObject[] = [];
  for (const route of Object.values(routes)) {
    if (!route || (route.parentId ?? '') !== parentId) continue;
    const node = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
    children.push(
      route.index ? { ...node, index: true } : { ...node, index: false, children: routeTree(routes, route.id) },
    );
  }
  return children;
}

/** The build with only one branch's routes: the leaf and its ancestors, in the manifest's order. */
function branchBuild(build: ServerBuild, leafId: string): ServerBuild {
  const ids = new Set<string>();
  for (let id: string | undefined = leafId; id; id = build.routes[id]?.parentId) ids.add(id);
  const pick = <T>(all: Record<string, T>) =>
    Object.fromEntries(Object.entries(all).filter(([id]) => ids.has(id))) as Record<string, T>;
  return { ...build, routes: pick(build.routes), assets: { ...build.assets, routes: pick(build.assets.routes) } };
}

/** A Map that forgets its oldest entry beyond `limit` entries. */
class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.limit && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}

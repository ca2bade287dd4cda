import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/** Paths the server answers itself, before React Router. */
const ownPaths: Record<string, string> = {
  '/livez': 'livez',
  '/readyz': 'readyz',
  '/health': 'health',
  '/builds/latest.json': 'build-info',
};

/** Distinct paths remembered; a client asking for endless unknown paths only empties it now and then. */
const memoLimit = 2000;

/**
 * The metrics label of a request: the id of the deepest React Router route that answers the path
 * (`credit-de`, the not-found route for unknown paths), `static` for client files, or the name of a
 * path the server answers itself. Never the path itself, so clients cannot add label values.
 */
export function createRouteLabeler(
  routes: ServerBuild['routes'],
  isStaticFile: (pathname: string) => boolean,
): (pathname: string) => string {
  const tree = routeTree(routes);
  const memo = new Map<string, string>();
  return (pathname) => {
    const own = ownPaths[pathname];
    if (own) return own;
    if (isStaticFile(pathname)) return 'static';
    let label = memo.get(pathname);
    if (label === undefined) {
      // Client navigations fetch a page's data from `<path>.data` (`/_root.data` for `/`).
      const page = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '');
      label = matchRoutes(tree, page)?.at(-1)?.route.id ?? 'unmatched';
      if (memo.size >= memoLimit) memo.clear();
      memo.set(pathname, label);
    }
    return label;
  };
}

function routeTree(routes: ServerBuild['routes']): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route !== undefined && route.parentId === parentId)
      .map((route) =>
        route!.index
          ? { id: route!.id, index: true, path: route!.path }
          : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: children(route!.id) },
      );
  return children(undefined);
}

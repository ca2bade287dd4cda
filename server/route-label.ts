/** Paths the server answers itself, before React Router. */
const ownPaths: Record<string, string> = {
  '/livez': 'livez',
  '/readyz': 'readyz',
  '/health': 'health',
  '/builds/latest.json': 'build-info',
};

/**
 * The metrics label of a request: the id of the deepest React Router route that answers the path
 * (`credit-de`, the not-found route for unknown paths; `leafOf`, server/route-branches.ts), `static`
 * for client files, or the name of a path the server answers itself. Never the path itself, so
 * clients cannot add label values.
 */
export function createRouteLabeler(
  leafOf: (pathname: string) => string | null,
  isStaticFile: (pathname: string) => boolean,
): (pathname: string) => string {
  return (pathname) => ownPaths[pathname] ?? (isStaticFile(pathname) ? 'static' : (leafOf(pathname) ?? 'unmatched'));
}

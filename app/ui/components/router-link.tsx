import type { ComponentProps } from 'react';
import { createPath, Link, resolvePath } from 'react-router';

/**
 * `Link`'s props for a path of the app. Prefetching and masks are left out: they change what `Link`
 * renders in ways the server's anchor below does not copy, and no link of the app uses them.
 */
export type RouterLinkProps = Omit<ComponentProps<typeof Link>, 'to' | 'prefetch' | 'mask'> & { to: string };

/** What `Link` reads and keeps off the anchor (`target` it sets after `href`, as `Link` does). */
const routerOnly = new Set<string>([
  'to',
  'discover',
  'target',
  'onClick',
  'reloadDocument',
  'replace',
  'state',
  'preventScrollReset',
  'relative',
  'viewTransition',
  'defaultShouldRevalidate',
]);

/**
 * What `Link` would change in an absolute path: doubled slashes, dot segments, an empty query or
 * hash. Every other path is its own `href`; the link builder's paths never need more.
 */
const needsResolving = /\/\/|\/\.|\?(#|$)|#$/;

/**
 * The anchor React Router's `Link` renders for an absolute path, without the hooks `Link` needs in
 * the browser: on the server a link is nothing but its markup (the click handler and the navigator
 * exist in the browser alone), and `Link`'s hooks took about a twelfth of an anonymous page's CPU
 * time (docs/decisions/0046-links-and-requests-without-router-overhead.md). The browser renders
 * `Link` itself, which hydrates onto the same attributes.
 */
export function ServerLink(props: RouterLinkProps) {
  const anchor: Record<string, unknown> = {};
  for (const name in props) {
    if (!routerOnly.has(name)) anchor[name] = props[name as keyof RouterLinkProps];
  }
  anchor.href = needsResolving.test(props.to) ? createPath(resolvePath(props.to)) : props.to;
  anchor.target = props.target;
  anchor['data-discover'] = (props.discover ?? 'render') === 'render' ? 'true' : undefined;
  return <a {...anchor} />;
}

/** React Router's `Link` to a path of the app: its markup on the server, `Link` in the browser. */
export const RouterLink = import.meta.env.SSR ? ServerLink : Link;

import type { ComponentProps, ReactNode } from 'react';
import { createPath, Link, NavLink, resolvePath, useLocation } from 'react-router';

/**
 * `Link`'s props for a path of the app. Prefetching and masks are left out: they change what `Link`
 * renders in ways the server's anchor below does not copy, and no link of the app uses them.
 */
export type RouterLinkProps = Omit<ComponentProps<typeof Link>, 'to' | 'prefetch' | 'mask'> & { to: string };

/** What only React Router reads of a link's props: never an attribute of an anchor. */
const routerOnly: ReadonlySet<string> = new Set([
  'discover',
  'reloadDocument',
  'replace',
  'state',
  'preventScrollReset',
  'relative',
  'viewTransition',
  'defaultShouldRevalidate',
]);

/**
 * What the server's anchor leaves out besides: the path (it becomes `href`), the click handler
 * (`Link` brings its own) and `target`, which `Link` sets after `href`.
 */
const notCopiedOnTheServer: ReadonlySet<string> = new Set([...routerOnly, 'to', 'onClick', 'target']);

/** A copy of `props` without the names in `left`: a loop, no spread (see `passOn`). */
function copyWithout(props: object, left: ReadonlySet<string>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const name in props) {
    if (!left.has(name)) copy[name] = props[name as keyof typeof props];
  }
  return copy;
}

/** A link's props for a plain anchor (a link that leaves the app): what only the router reads taken out. */
export function plainAnchorProps(props: Omit<RouterLinkProps, 'to'>): ComponentProps<'a'> {
  return copyWithout(props, routerOnly);
}

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
  const anchor = copyWithout(props, notCopiedOnTheServer);
  anchor.href = needsResolving.test(props.to) ? createPath(resolvePath(props.to)) : props.to;
  anchor.target = props.target;
  anchor['data-discover'] = (props.discover ?? 'render') === 'render' ? 'true' : undefined;
  return <a {...anchor} />;
}

/** React Router's `Link` to a path of the app: its markup on the server, `Link` in the browser. */
export const RouterLink = import.meta.env.SSR ? ServerLink : Link;

/** `NavLink`'s props as the app's navigations use them: a target, whether only that page is its own, a label. */
export interface RouterNavLinkProps {
  to: string;
  end?: boolean;
  children: ReactNode;
}

/**
 * The anchor React Router's `NavLink` renders on the server, where no navigation is pending and no
 * view transition runs: the link to the current page, or unless `end` to a page above it, gets
 * `aria-current="page"` and the class `active`, paths compared in lower case as `NavLink` compares
 * them (the server's router percent-encodes the target first, which leaves the route table's plain
 * ASCII paths as they are). `NavLink` resolves its target and renders `Link` with its hooks for
 * that; on a self-service page the navigation's links were about a tenth of what the render
 * allocated.
 */
export function ServerNavLink({ to, end = false, children }: RouterNavLinkProps) {
  const current = useLocation().pathname.toLowerCase();
  const target = (needsResolving.test(to) ? resolvePath(to).pathname : to.split(/[?#]/, 1)[0]!).toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(slash) === '/');
  return (
    <ServerLink aria-current={isActive ? 'page' : undefined} className={isActive ? 'active' : ''} to={to}>
      {children}
    </ServerLink>
  );
}

/** React Router's `NavLink` to a path of the app: its markup on the server, `NavLink` in the browser. */
export const RouterNavLink = import.meta.env.SSR ? ServerNavLink : NavLink;

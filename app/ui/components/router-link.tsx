import type { ComponentProps } from 'react';
import { createPath, Link, resolvePath } from 'react-router';

/**
 * `Link`'s props for a path of the app. Prefetching and masks are left out: they change what `Link`
 * renders in ways the server's anchor below does not copy, and no link of the app uses them.
 */
export type RouterLinkProps = Omit<ComponentProps<typeof Link>, 'to' | 'prefetch' | 'mask'> & { to: string };

/**
 * The anchor React Router's `Link` renders for an absolute path, without the hooks `Link` needs in
 * the browser: on the server a link is nothing but its markup (the click handler and the navigator
 * exist in the browser alone), and `Link`'s hooks took about a twelfth of an anonymous page's CPU
 * time (docs/decisions/0046-links-and-requests-without-router-overhead.md). The browser renders
 * `Link` itself, which hydrates onto the same attributes.
 */
export function ServerLink({
  to,
  discover = 'render',
  target,
  onClick,
  reloadDocument,
  replace,
  state,
  preventScrollReset,
  relative,
  viewTransition,
  defaultShouldRevalidate,
  ...anchor
}: RouterLinkProps) {
  return (
    <a
      {...anchor}
      href={createPath(resolvePath(to))}
      target={target}
      data-discover={discover === 'render' ? 'true' : undefined}
    />
  );
}

/** React Router's `Link` to a path of the app: its markup on the server, `Link` in the browser. */
export const RouterLink = import.meta.env.SSR ? ServerLink : Link;

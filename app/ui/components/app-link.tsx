import { useLocation } from 'react-router';
import { internalHref, isPageHref } from '~/shared/navigation/internal-link';
import { passOn } from '../pass-on';
import {
  plainAnchorProps,
  RouterLink,
  RouterNavLink,
  type RouterLinkProps,
  type RouterNavLinkProps,
} from './router-link';

/**
 * The current page's link builder (app/shared/navigation/internal-link.ts): what a link to `href`
 * from here points at, with the travelling query values and the web view kept.
 */
function useInternalHref(): (href: string) => string {
  const { pathname, search } = useLocation();
  return (href) => internalHref(href, { pathname, search });
}

/**
 * Every link of the app: a page of the app through the link builder and the client-side router,
 * anything else (other sites, mail, phone, resources) as a plain anchor.
 */
export function AppLink({ to, ...props }: RouterLinkProps) {
  const href = useInternalHref()(to);
  if (!isPageHref(to)) {
    return <a {...plainAnchorProps(props)} href={href} />;
  }
  return <RouterLink {...passOn(props, { to: href })} />;
}

/** A navigation entry that marks the current page; its target goes through the link builder. */
export function AppNavLink({ to, ...props }: RouterNavLinkProps) {
  return <RouterNavLink {...passOn(props, { to: useInternalHref()(to) })} />;
}

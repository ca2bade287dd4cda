import type { ComponentProps } from 'react';
import { useLocation } from 'react-router';
import { isWebView } from '~/i18n/route-table';
import { passOn } from '../pass-on';

/**
 * A page section that fades in on scroll; web views get no animation attributes
 * (docs/rules/content-and-navigation.md#section-animation).
 */
export function Section(props: ComponentProps<'section'>) {
  const { pathname, search } = useLocation();
  return <section {...passOn(props, { 'data-animate': isWebView(pathname, search) ? undefined : 'fade-in' })} />;
}

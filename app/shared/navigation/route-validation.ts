import { data } from 'react-router';
import { isLocale, type Locale } from '~/i18n/locales';

export interface NotFoundData {
  kind: 'not-found' | 'route-validation';
  path: string;
}

/**
 * Route validation (docs/rules/content-and-navigation.md#not-found): an unknown locale is a 404 "Page Not
 * Found: {path}".
 */
export function requireLocale(value: string | undefined, pathname: string): Locale {
  if (isLocale(value)) return value;
  throw data<NotFoundData>({ kind: 'route-validation', path: pathname }, { status: 404 });
}

export function notFound(pathname: string): never {
  throw data<NotFoundData>({ kind: 'not-found', path: pathname }, { status: 404 });
}

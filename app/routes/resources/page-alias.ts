import { redirect } from 'react-router';
import type { Route } from './+types/page-alias';
import { withCarriedQuery } from '~/shared/navigation/carry-query';
import { pagePath, type PageId } from '~/i18n/route-table';
import { requireLocale } from '~/shared/navigation/route-validation';

/** The generic addresses (docs/rules/content-and-navigation.md#generic-aliases) lead to their named pages. */
const aliases: Record<string, PageId> = {
  login: 'login',
  'passwort-reset-start': 'passwordResetStart',
  'passwort-reset-finish': 'passwordResetFinish',
};

export function loader({ url, params }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale, url.pathname);
  const alias = url.pathname.split('/').filter(Boolean)[1] ?? '';
  const page = aliases[alias];
  if (!page) throw new Error(`No alias for ${url.pathname}`);
  return redirect(withCarriedQuery(pagePath(page, locale), url.search), 301);
}

/** Never rendered: the loader redirects or throws; the export makes this a page route so a 404 gets the error screen. */
export default function Redirecting() {
  return null;
}

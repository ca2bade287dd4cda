import { redirect } from 'react-router';
import type { Route } from './+types/index-redirect';
import { withCarriedQuery } from '~/shared/navigation/carry-query';
import { localeCookieName, preferredLocale } from '~/i18n/locales';
import { pagePath } from '~/i18n/route-table';
import { readCookie } from '~/platform/cookies';

/** `/` sends visitors to the home page of their language: remembered choice, browser, then German. */
export function loader({ request, url }: Route.LoaderArgs) {
  const locale = preferredLocale(
    readCookie(request.headers.get('cookie'), localeCookieName),
    request.headers.get('accept-language'),
  );
  return redirect(withCarriedQuery(pagePath('home', locale), url.search), {
    status: 302,
    headers: { Vary: 'Cookie, Accept-Language', 'Cache-Control': 'private, no-cache' },
  });
}

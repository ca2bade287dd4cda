import { redirect } from 'react-router';
import type { Route } from './+types/rampage';
import { servicesContext } from '~/context';
import { storeEntryFor } from '~/features/content/app-ramp';
import { withCarriedQuery } from '~/shared/navigation/carry-query';
import { localeCookieName, preferredLocale } from '~/i18n/locales';
import { pagePath } from '~/i18n/route-table';
import { readCookie } from '~/platform/cookies';

/** The app ramp: phones go to their store entry, everyone else to the get-the-app page. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { content } = context.get(servicesContext);
  const { apps } = await content.siteContent();
  const store = storeEntryFor(request.headers.get('user-agent') ?? '', apps);
  const headers = { Vary: 'User-Agent, Cookie, Accept-Language', 'Cache-Control': 'private, no-cache' };
  if (store) return redirect(store.storeUrl, { status: 302, headers });
  const locale = preferredLocale(
    readCookie(request.headers.get('cookie'), localeCookieName),
    request.headers.get('accept-language'),
  );
  return redirect(withCarriedQuery(pagePath('getTheApp', locale), url.search), { status: 302, headers });
}

import { redirect } from 'react-router';
import type { Route } from './+types/language';
import { backOfficePublicPages, backOfficeRoot, findBackOfficePage } from '~/i18n/back-office-routes';
import { isLocale, localeCookieName } from '~/i18n/locales';

/**
 * The back office's language switch without JavaScript: remembers the language in the site's
 * `locale` cookie and goes back to the back-office page it came from (only a back-office page).
 */
export function loader({ url }: Route.LoaderArgs) {
  const to = url.searchParams.get('to');
  const back = url.searchParams.get('back') ?? '';
  const path = back.split('?')[0] ?? '';
  const known = findBackOfficePage(path) || Object.values(backOfficePublicPages).some((page) => page.path === path);
  const target = known && !back.startsWith('//') ? back : backOfficeRoot;
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  if (isLocale(to)) headers.append('Set-Cookie', `${localeCookieName}=${to}; Path=/; Max-Age=31536000; SameSite=Lax`);
  return redirect(target, { headers });
}

import { redirect } from 'react-router';
import type { Route } from './+types/cancel-contract-redirect';
import { servicesContext } from '~/context';
import { cancelContractTarget } from '~/shared/navigation/rewrites';
import { localeCookieName, preferredLocale } from '~/i18n/locales';
import { readCookie } from '~/platform/cookies';
import { notFound } from '~/shared/navigation/route-validation';

/** The cancellation button's short address, rewritten to `/{locale}/kuendigen` unless the brand is flinkster. */
export function loader({ request, url, context }: Route.LoaderArgs) {
  const locale = preferredLocale(
    readCookie(request.headers.get('cookie'), localeCookieName),
    request.headers.get('accept-language'),
  );
  const target = cancelContractTarget(context.get(servicesContext).config.brand, locale);
  if (!target) notFound(url.pathname);
  return redirect(`${target}${url.search}`, { status: 302, headers: { Vary: 'Cookie, Accept-Language' } });
}

/** Never rendered: the loader redirects or throws; the export makes this a page route so a 404 gets the error screen. */
export default function Redirecting() {
  return null;
}

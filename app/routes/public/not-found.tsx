import { redirect } from 'react-router';
import type { Route } from './+types/not-found';
import { servicesContext } from '~/context';
import { resolveRedirect } from '~/shared/navigation/redirects';
import { notFound } from '~/shared/navigation/route-validation';

/** Any path no route knows: a server-declared redirect if there is one, otherwise the 404 page. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const redirectTo = resolveRedirect(await context.get(servicesContext).redirects.rules(), url.pathname, url.search);
  if (redirectTo) throw redirect(redirectTo.location, redirectTo.status);
  notFound(url.pathname);
}

export default function NotFound() {
  return null;
}

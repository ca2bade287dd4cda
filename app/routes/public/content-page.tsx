import { redirect } from 'react-router';
import type { Route } from './+types/content-page';
import { servicesContext } from '~/context';
import { requireContentPage } from '~/features/content/content-page.server';
import { campaignActionCode } from '~/features/navigation/carry-query';
import { resolveRedirect } from '~/features/navigation/redirects';
import { requireLocale } from '~/features/navigation/route-validation';
import { pagePath } from '~/i18n/route-table';
import { ContentBlocks } from '~/ui/components/content-blocks';
import { publicPageHeaders } from '~/ui/page-meta';

export const headers = publicPageHeaders;

/**
 * Generic content pages `/{locale}/{route}` and their web-view forms. Before asking the content
 * service: route validation, the airbus campaign's action code, and server-declared redirects.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const locale = requireLocale(params.locale, url.pathname);
  const route = params.route ?? '';

  const campaignQuery = campaignActionCode(route, url.search);
  if (campaignQuery !== null) throw redirect(`${pagePath('register', locale)}?${campaignQuery}`);
  if (route === 'registrieren-airbus') throw redirect(`${pagePath('register', locale)}${url.search}`);

  const redirectTo = resolveRedirect(await services.redirects.rules(), url.pathname, url.search);
  if (redirectTo) throw redirect(redirectTo.location, redirectTo.status);

  const page = await requireContentPage(services, route, locale, url.pathname);
  return { page, publicUrl: services.config.publicUrl, path: url.pathname };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return [
    { title: data.page.title },
    ...(data.page.description ? [{ name: 'description', content: data.page.description }] : []),
    { tagName: 'link', rel: 'canonical', href: `${data.publicUrl}${data.path}` },
  ];
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="content-page">
      <h1>{page.title}</h1>
      <ContentBlocks blocks={page.blocks} />
    </article>
  );
}

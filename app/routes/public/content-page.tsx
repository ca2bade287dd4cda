import { redirect } from 'react-router';
import type { Route } from './+types/content-page';
import { servicesContext } from '~/context';
import { sitePathOf } from '~/features/content/content-links';
import { contentPageMeta, requireContentPage } from '~/features/content/content-page.server';
import { campaignActionCode } from '~/shared/navigation/carry-query';
import { resolveRedirect } from '~/shared/navigation/redirects';
import { requireLocale } from '~/shared/navigation/route-validation';
import { defaultLocale } from '~/i18n/locales';
import { pagePath } from '~/i18n/route-table';
import { ContentBlocks } from '~/ui/components/content-blocks';
import { brandedPageTitle, publicPageHeaders } from '~/ui/page-meta';

export const headers = publicPageHeaders;

/**
 * Generic content pages `/{locale}/{route}` and their web-view forms. Before asking the content
 * service: route validation, the airbus campaign's action code, and server-declared redirects.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const locale = requireLocale(params.locale, url.pathname);
  const route = params.route ?? '';

  const campaignQuery = campaignActionCode(route, url.search);
  if (campaignQuery !== null) throw redirect(`${pagePath('register', locale)}?${campaignQuery}`);
  if (route === 'registrieren-airbus') throw redirect(`${pagePath('register', locale)}${url.search}`);

  const redirectTo = resolveRedirect(await services.redirects.rules(), url.pathname, url.search);
  if (redirectTo) throw redirect(redirectTo.location, redirectTo.status);

  const page = await requireContentPage(services, route, locale, url.pathname);
  const routeMeta = await contentPageMeta(services, page, route, locale, url.pathname);
  return { page, routeMeta, publicUrl: services.config.publicUrl, path: url.pathname };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { page, routeMeta, publicUrl, path } = data;
  // A web view is the app's copy of a site page: search engines get the site's address.
  const site = (pagePath: string) => `${publicUrl}${sitePathOf(pagePath)}`;
  const fallback = routeMeta.localizations.find((localization) => localization.locale === defaultLocale);
  return [
    brandedPageTitle(matches, page.title),
    ...(page.description ? [{ name: 'description', content: page.description }] : []),
    ...(routeMeta.embedded ? [{ name: 'robots', content: 'noindex' }] : []),
    { tagName: 'link', rel: 'canonical', href: site(path) },
    ...routeMeta.localizations.map((localization) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: localization.locale,
      href: site(localization.path),
    })),
    ...(fallback ? [{ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: site(fallback.path) }] : []),
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

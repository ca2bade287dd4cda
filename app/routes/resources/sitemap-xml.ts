import type { Route } from './+types/sitemap-xml';
import { servicesContext } from '~/context';
import { sitemapXml } from '~/features/content/sitemap';

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return new Response(sitemapXml(config.publicUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

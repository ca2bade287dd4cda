import type { Route } from './+types/sitemap-xml';
import { servicesContext } from '~/context';
import { sitemapEntries, sitemapXml } from '~/features/content/sitemap';

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return new Response(sitemapXml(config.publicUrl, sitemapEntries(config.brand)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

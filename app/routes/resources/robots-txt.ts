import type { Route } from './+types/robots-txt';
import { servicesContext } from '~/context';
import { robotsTxt } from '~/features/content/sitemap';

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return new Response(robotsTxt(config.publicUrl, config.brand), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

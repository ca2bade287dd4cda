import type { AppServices } from '~/context';
import { notFound } from '~/features/navigation/route-validation';
import type { ContentPage } from '~/platform/content-service/types';

/** A content page by slug and locale, or the 404 page when the content service has none. */
export async function requireContentPage(
  services: AppServices,
  slug: string,
  locale: string,
  pathname: string,
): Promise<ContentPage> {
  const page = await services.content.page(slug, locale);
  if (!page) notFound(pathname);
  return page;
}

import type { AppServices } from '~/context';
import { notFound } from '~/shared/navigation/route-validation';
import { locales, type Locale } from '~/i18n/locales';
import type { RouteMeta } from '~/i18n/route-meta';
import { isWebViewPath } from '~/i18n/route-table';
import type { ContentPage } from '~/platform/content-service/types';
import { ContentBusyError } from './content-store.server';

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

/**
 * The route metadata of a generic content page (`/{locale}/{slug}` or one of its web-view forms):
 * the same slug in every locale the content service has it in, at the same path with the locale
 * segment swapped. A page that exists in one language only has no counterpart to switch to.
 */
export async function contentPageMeta(
  services: AppServices,
  page: ContentPage,
  slug: string,
  locale: Locale,
  pathname: string,
): Promise<RouteMeta> {
  const localizations = await Promise.all(
    locales.map(async (other) => {
      // A failing service leaves the page without the link; a busy one gets a 503, as a page kept with a
      // link missing would be served from the caches for a while.
      const localized =
        other === locale
          ? page
          : await services.content.page(slug, other).catch((error: unknown) => {
              if (error instanceof ContentBusyError) throw error;
              return null;
            });
      if (!localized) return [];
      return [
        { id: `content-${slug}-${other}`, title: localized.title, path: swapLocale(pathname, other), locale: other },
      ];
    }),
  );
  return { embedded: isWebViewPath(pathname), localizations: localizations.flat() };
}

/** `/de/agb` → `/en/agb`, `/webviews/legal/de/x` → `/webviews/legal/en/x`: the first locale segment. */
function swapLocale(pathname: string, locale: Locale): string {
  return pathname.replace(new RegExp(`/(${locales.join('|')})(?=/)`), `/${locale}`);
}

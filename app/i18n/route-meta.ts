import { brandedTitle, type Brand, type BrandProfile } from '~/config/brand';
import { locales, otherLocale, type Locale } from './locales';
import { findPage, pagePath, pages, type PageId } from './route-table';
import { hasMessage, translator } from './translate';

/** Route metadata (docs/rules/content-and-navigation.md#route-metadata): embedded flag and the page in every locale. */
export interface RouteMeta {
  embedded: boolean;
  localizations: { id: string; title: string; path: string; locale: Locale }[];
}

export function routeMeta(id: PageId, brand: Brand): RouteMeta {
  return {
    embedded: pages[id].embedded,
    localizations: locales.map((locale) => ({
      id: `${id}-${locale}`,
      title: translator(locale, brand)(`page.${id}.title`),
      path: pagePath(id, locale),
      locale,
    })),
  };
}

/**
 * The route metadata of the page shown: what its loader gave as `routeMeta` (content pages, whose
 * languages only the content service knows), else the route table's for a named page.
 */
export function currentRouteMeta(
  pathname: string,
  matches: readonly { loaderData?: unknown }[],
  brand: Brand,
): RouteMeta | undefined {
  for (const match of [...matches].reverse()) {
    const meta = (match.loaderData as { routeMeta?: RouteMeta } | undefined)?.routeMeta;
    if (meta) return meta;
  }
  const page = findPage(pathname);
  return page ? routeMeta(page.id, brand) : undefined;
}

/**
 * Title (with the brand: docs/rules/general.md#brands), description, canonical URL and hreflang
 * alternates of a named page, as React Router meta descriptors. `publicUrl` makes them absolute, as
 * search engines require.
 */
export function pageMeta(
  id: PageId,
  locale: Locale,
  publicUrl: string,
  brand: Pick<BrandProfile, 'id' | 'name' | 'titlePattern'>,
  description?: string,
) {
  const t = translator(locale, brand.id);
  const self = `${publicUrl}${pagePath(id, locale)}`;
  const descriptionKey = `page.${id}.description`;
  description ??= hasMessage(descriptionKey) ? t(descriptionKey) : undefined;
  return [
    { title: brandedTitle(brand, t(`page.${id}.title`)) },
    ...(description ? [{ name: 'description', content: description }] : []),
    ...(pages[id].indexable ? [] : [{ name: 'robots', content: 'noindex' }]),
    { tagName: 'link', rel: 'canonical', href: self },
    { tagName: 'link', rel: 'alternate', hrefLang: locale, href: self },
    {
      tagName: 'link',
      rel: 'alternate',
      hrefLang: otherLocale(locale),
      href: `${publicUrl}${pagePath(id, otherLocale(locale))}`,
    },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${publicUrl}${pagePath(id, 'de')}` },
  ];
}

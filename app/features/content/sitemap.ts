import type { Brand } from '~/config/brand';
import { locales, type Locale } from '~/i18n/locales';
import { pageIdsOf, pagePath, pages } from '~/i18n/route-table';
import { contentPagePath, linkedContentPages } from './content-links';

export interface SitemapEntry {
  /** Path in each locale; search engines get all of them as hreflang alternates of each other. */
  paths: Record<Locale, string>;
}

/**
 * Every indexable page of a brand: the route table's public pages that the brand offers and the linked
 * content pages (docs/rules/reports.md#report-pages-per-brand).
 */
export function sitemapEntries(brand: Brand): SitemapEntry[] {
  const named = pageIdsOf(brand)
    .filter((id) => pages[id].indexable)
    .map((id) => ({ paths: { de: pagePath(id, 'de'), en: pagePath(id, 'en') } }));
  const content = linkedContentPages.map((page) => ({
    paths: { de: contentPagePath(page.slug, 'de'), en: contentPagePath(page.slug, 'en') },
  }));
  return [...named, ...content];
}

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
  );

/** The sitemap protocol's XML with `xhtml:link` alternates (Google's hreflang in sitemaps). */
export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap((entry) =>
    locales.map((locale) => {
      const alternates = locales
        .map(
          (other) =>
            `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(publicUrl + entry.paths[other])}"/>`,
        )
        .join('');
      const fallback = `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(publicUrl + entry.paths.de)}"/>`;
      return `<url><loc>${escapeXml(publicUrl + entry.paths[locale])}</loc>${alternates}${fallback}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything public may be crawled; the private and embedded areas not. */
export function robotsTxt(publicUrl: string, brand: Brand): string {
  const privatePaths = new Set(
    pageIdsOf(brand)
      .filter((id) => !pages[id].indexable && (pages[id].middleware.length > 0 || pages[id].embedded))
      .flatMap((id) => locales.map((locale) => pagePath(id, locale))),
  );
  // A path below another listed one is covered by it: `Disallow` matches by prefix.
  const privatePrefixes = [...privatePaths]
    .filter((path) => ![...privatePaths].some((other) => path.startsWith(`${other}/`)))
    .sort();
  return [
    'User-agent: *',
    ...privatePrefixes.map((path) => `Disallow: ${path}`),
    'Disallow: /resources/',
    'Disallow: /preview/',
    'Disallow: /dev/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

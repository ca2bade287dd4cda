/**
 * Content pages the site links to everywhere (footer, sitemap) although the route table does not
 * name them: they live at `/{locale}/{slug}` and come from the content service.
 */
export const linkedContentPages = [
  { slug: 'faq', title: 'footer.faq' },
  { slug: 'agb', title: 'footer.terms' },
  { slug: 'impressum', title: 'footer.imprint' },
] as const;

export function contentPagePath(slug: string, locale: string): string {
  return `/${locale}/${slug}`;
}

/** The site's own address of a content page: web views point search engines at it. */
export function sitePathOf(pathname: string): string {
  return pathname.replace(/^\/webviews(\/legal)?/, '');
}

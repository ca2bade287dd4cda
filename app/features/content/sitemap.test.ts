import { describe, expect, it } from 'vitest';
import { locales } from '~/i18n/locales';
import { pageIdsOf, pagePath, pages } from '~/i18n/route-table';
import { robotsTxt, sitemapEntries, sitemapXml } from './sitemap';

describe('sitemap', () => {
  it('holds every public page of the route table in both locales, and the linked content pages', () => {
    const xml = sitemapXml('https://kunden.example.com', sitemapEntries('cab'));
    for (const id of pageIdsOf('cab').filter((pageId) => pages[pageId].indexable)) {
      for (const locale of locales) {
        expect(xml).toContain(`<loc>https://kunden.example.com${pagePath(id, locale)}</loc>`);
      }
    }
    expect(xml).toContain('<loc>https://kunden.example.com/en/agb</loc>');
    expect(xml).not.toContain('kundenbereich');
    expect(xml.match(/<url>/g)?.length).toBe(sitemapEntries('cab').length * locales.length);
  });

  it('names the other locale and x-default as alternates of each URL', () => {
    const xml = sitemapXml('https://kunden.example.com', [{ paths: { de: '/de/start', en: '/en/home' } }]);
    expect(xml).toContain(
      '<url><loc>https://kunden.example.com/en/home</loc><xhtml:link rel="alternate" hreflang="de" href="https://kunden.example.com/de/start"/><xhtml:link rel="alternate" hreflang="en" href="https://kunden.example.com/en/home"/><xhtml:link rel="alternate" hreflang="x-default" href="https://kunden.example.com/de/start"/></url>',
    );
  });

  it('keeps crawlers out of the self-service area and the web views, and points to the sitemap', () => {
    const robots = robotsTxt('https://kunden.example.com', 'cab');
    expect(robots).toContain('Disallow: /de/kundenbereich\n');
    expect(robots).not.toContain('Disallow: /de/kundenbereich/guthaben');
    expect(robots).toContain('Disallow: /de/embedded-kundenbereich\n');
    expect(robots).toContain('Sitemap: https://kunden.example.com/sitemap.xml');
    expect(robots).not.toMatch(/Disallow: \/de\/start\b/);
  });
});

describe('robots.txt and indexable web views', () => {
  it('lets crawlers reach the accessibility statement although it is a web view', () => {
    expect(robotsTxt('https://kunden.example.com', 'cab')).not.toContain('barrierefreiheit');
  });
});

describe('the sitemap per brand', () => {
  const xmlOf = (brand: 'cab' | 'flinkster') => sitemapXml('https://kunden.example.com', sitemapEntries(brand));

  it('lists the bike report for cab and never the vehicle damage report', () => {
    const xml = xmlOf('cab');
    expect(xml).toContain(`<loc>https://kunden.example.com${pages.reportBike.de}</loc>`);
    expect(xml).toContain(`hreflang="en" href="https://kunden.example.com${pages.reportBike.en}"`);
    expect(xml).not.toContain(pages.reportDamage.de);
    expect(xml).not.toContain(pages.reportDamage.en);
  });

  it('lists the vehicle damage report for flinkster and never the bike report', () => {
    const xml = xmlOf('flinkster');
    expect(xml).toContain(`<loc>https://kunden.example.com${pages.reportDamage.en}</loc>`);
    expect(xml).not.toContain(pages.reportBike.de);
    expect(xml).not.toContain(pages.reportBike.en);
    expect(xml).toContain(`<loc>https://kunden.example.com${pages.priceList.de}</loc>`);
  });

  it('names no other brand’s web view in robots.txt', () => {
    expect(robotsTxt('https://kunden.example.com', 'flinkster')).not.toContain(pages.reportBikeWebView.de);
    expect(robotsTxt('https://kunden.example.com', 'cab')).not.toContain(pages.reportDamageWebView.de);
  });
});

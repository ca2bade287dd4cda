import { afterEach, describe, expect, it, vi } from 'vitest';
import { startStrapiServer, strapiEntry } from '../../../tests/support/strapi-server';
import { bundledContent } from '~/platform/content-service/bundled.server';
import { strapiContent } from '~/platform/content-service/strapi.server';
import { isUnavailableError } from '~/platform/unavailable';
import type { ContentPage } from '~/platform/content-service/types';
import { createContentStore, type ContentStoreOptions } from './content-store.server';

const warnings: unknown[] = [];
const logger = { warn: (...args: unknown[]) => void warnings.push(args) };

const configuration = strapiEntry(1, {
  clientId: 'cab',
  customerServicePhone: '+49 30 123',
  deployProject: 'self-service',
  deployEnvironment: 'staging',
  logo: { data: strapiEntry(7, { url: 'https://cms.example.com/logo.svg', alternativeText: 'Logo' }) },
  languages: ['de', 'en'],
});
const apps = [
  strapiEntry(1, {
    name: 'App',
    platform: 'ios',
    storeUrl: 'https://apps.apple.com/de/app/x/id1',
    badgeText: { de: 'App Store' },
  }),
];
const socials = [strapiEntry(1, { name: 'Instagram', url: 'https://instagram.com/x' })];
const page = strapiEntry(3, { slug: 'faq', title: 'FAQ', blocks: [{ type: 'paragraph', text: 'Antwort' }] });

function strapiAnswers(url: URL) {
  if (url.searchParams.get('populate') !== 'deep') return { status: 400 };
  switch (url.pathname) {
    case '/api/configuration':
      return { status: 200, body: { data: configuration, meta: {} } };
    case '/api/apps':
      return { status: 200, body: { data: apps, meta: {} } };
    case '/api/social-medias':
      return { status: 200, body: { data: socials, meta: {} } };
    case '/api/pages':
      return {
        status: 200,
        body: { data: url.searchParams.get('filters[slug][$eq]') === 'faq' ? [page] : [], meta: {} },
      };
  }
  return undefined;
}

/** A store in front of the local Strapi server, with the cab brand's bundled content as its fallback. */
function storeOn(url: string, options: Pick<ContentStoreOptions, 'ttlMs' | 'now' | 'maxEntries'>) {
  return createContentStore({
    source: strapiContent({ baseUrl: url, timeoutMs: 1000 }),
    fallback: bundledContent('cab'),
    logger,
    ...options,
  });
}

describe('content at start-up', () => {
  let cms: Awaited<ReturnType<typeof startStrapiServer>> | undefined;
  afterEach(async () => {
    await cms?.close();
    cms = undefined;
    warnings.length = 0;
  });

  it('loads configuration, apps and social media links from the bundled content of each brand', async () => {
    for (const brand of ['cab', 'flinkster'] as const) {
      const store = createContentStore({
        source: bundledContent(brand),
        fallback: bundledContent(brand),
        ttlMs: 60_000,
        logger,
      });
      const site = await store.siteContent();
      expect(site.configuration.clientId).toBe(brand);
      expect(site.apps.map((app) => app.platform)).toEqual(['ios', 'android']);
      expect(site.socialMedias.length).toBeGreaterThan(0);
      expect(await store.page('privacy', 'de')).toMatchObject({ title: 'Datenschutzerklärung' });
      expect(await store.page('../../package', 'de')).toBeNull();
    }
  });

  it('reads the data field of a Strapi-format content service, with populate=deep', async () => {
    cms = await startStrapiServer(strapiAnswers);
    const store = storeOn(cms.url, { ttlMs: 60_000 });
    const site = await store.siteContent();
    expect(site.configuration).toEqual({
      id: '1',
      clientId: 'cab',
      customerServicePhone: '+49 30 123',
      deployProject: 'self-service',
      deployEnvironment: 'staging',
      logo: { url: 'https://cms.example.com/logo.svg', alternativeText: 'Logo' },
      languages: ['de', 'en'],
    });
    expect(site.apps[0]).toMatchObject({ name: 'App', platform: 'ios' });
    expect(site.socialMedias[0]).toMatchObject({ name: 'Instagram' });
    expect(await store.page('faq', 'de')).toMatchObject({
      title: 'FAQ',
      blocks: [{ type: 'paragraph', text: 'Antwort' }],
    });
    expect(await store.page('missing', 'de')).toBeNull();
    expect(cms.requests.map((url) => url.pathname)).toContain('/api/social-medias');
  });

  it('keeps serving the last good copy when the content service fails after a good answer', async () => {
    cms = await startStrapiServer(strapiAnswers);
    let now = 0;
    const store = storeOn(cms.url, { ttlMs: 1000, now: () => now });
    expect((await store.siteContent()).configuration.customerServicePhone).toBe('+49 30 123');
    cms.fail();
    now = 5000;
    expect((await store.siteContent()).configuration.customerServicePhone).toBe('+49 30 123');
    // The background refresh fails; the next request still gets the good copy.
    await vi.waitFor(() => expect(warnings.length).toBeGreaterThan(0));
    expect((await store.siteContent()).configuration.customerServicePhone).toBe('+49 30 123');
  });

  it('falls back to the bundled content when the service has never answered, and does not hang on a dead one', async () => {
    cms = await startStrapiServer(strapiAnswers);
    cms.fail();
    const store = storeOn(cms.url, { ttlMs: 60_000 });
    await store.warm();
    expect((await store.siteContent()).configuration.clientId).toBe('cab');

    const unreachable = createContentStore({
      source: strapiContent({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 300 }),
      fallback: bundledContent('flinkster'),
      ttlMs: 60_000,
      logger,
    });
    expect((await unreachable.siteContent()).configuration.clientId).toBe('flinkster');
  });

  it('keeps serving the last good copy of a content page when the service fails after a good answer', async () => {
    cms = await startStrapiServer(strapiAnswers);
    let now = 0;
    const store = storeOn(cms.url, { ttlMs: 1000, now: () => now });
    expect((await store.page('faq', 'de'))?.title).toBe('FAQ');
    cms.fail();
    now = 5000;
    expect((await store.page('faq', 'de'))?.title).toBe('FAQ');
    await vi.waitFor(() => expect(warnings.length).toBeGreaterThan(0));
    expect((await store.page('faq', 'de'))?.title).toBe('FAQ');
  });

  it('answers a page from the bundled content while the service fails, and asks the service again later', async () => {
    cms = await startStrapiServer(strapiAnswers);
    cms.fail();
    let now = 0;
    const store = storeOn(cms.url, { ttlMs: 1000, now: () => now });
    const bundled = await bundledContent('cab').page('faq', 'de');
    expect(await store.page('faq', 'de')).toEqual(bundled);

    cms.fail(false);
    now = 10;
    // The bundled copy was kept as stale: served once more while the service is asked again.
    expect(await store.page('faq', 'de')).toEqual(bundled);
    await vi.waitFor(async () => expect((await store.page('faq', 'de'))?.title).toBe('FAQ'));
  });

  it('reports a failing service for a content page it has no copy of, at once while it keeps failing', async () => {
    cms = await startStrapiServer(strapiAnswers);
    cms.fail();
    let now = 0;
    const store = storeOn(cms.url, { ttlMs: 60_000, now: () => now });
    await expect(store.page('winter-aktion', 'de')).rejects.toThrow(/answered 500/);
    const asked = cms.requests.length;
    await expect(store.page('winter-aktion', 'de')).rejects.toThrow(/answered 500/);
    expect(cms.requests).toHaveLength(asked);

    now = 60_000;
    await expect(store.page('winter-aktion', 'de')).rejects.toThrow(/answered 500/);
    expect(cms.requests.length).toBeGreaterThan(asked);
  });

  it('keeps made-up slugs apart from real pages and the site content, both bounded', async () => {
    cms = await startStrapiServer(strapiAnswers);
    const store = storeOn(cms.url, { ttlMs: 60_000, maxEntries: 3 });
    await store.siteContent();
    await store.page('faq', 'de');
    for (const slug of ['a', 'b', 'c', 'd', 'e']) expect(await store.page(slug, 'de')).toBeNull();
    const asked = cms.requests.length;
    // Neither the page nor the site content was pushed out by them.
    expect((await store.page('faq', 'de'))?.title).toBe('FAQ');
    await store.siteContent();
    expect(cms.requests).toHaveLength(asked);
    // The slugs it does not have are bounded too: 'a' was the oldest of them and is asked for again.
    await store.page('e', 'de');
    expect(cms.requests).toHaveLength(asked);
    await store.page('a', 'de');
    expect(cms.requests).toHaveLength(asked + 1);
  });

  it('asks the service once for a page many visitors want at the same moment, and never for a slug no page has', async () => {
    cms = await startStrapiServer(strapiAnswers);
    const store = storeOn(cms.url, { ttlMs: 60_000 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => store.page('faq', 'de')));
    expect(answers.map((answer) => answer?.title)).toEqual(Array(5).fill('FAQ'));
    expect(cms.requests.filter((request) => request.pathname === '/api/pages')).toHaveLength(1);
    for (const slug of ['../configuration', 'a b', 'x'.repeat(101), ''])
      expect(await store.page(slug, 'de')).toBeNull();
    expect(cms.requests.filter((request) => request.pathname === '/api/pages')).toHaveLength(1);
  });

  it('asks the service for at most 16 pages at once, and answers a visitor asking for more with a 503', async () => {
    const pending: ((page: ContentPage | null) => void)[] = [];
    const slow = {
      ...bundledContent('cab'),
      page: () => new Promise<ContentPage | null>((resolve) => pending.push(resolve)),
    };
    const store = createContentStore({ source: slow, fallback: bundledContent('cab'), logger, ttlMs: 60_000 });
    const first = Array.from({ length: 16 }, (_, index) => store.page(`made-up-${index}`, 'de'));
    const refused = await store.page('one-more', 'de').catch((error: unknown) => error);
    expect(isUnavailableError(refused)).toBe(true);
    // A page already being asked for is still shared, and nothing was asked of the service for the refused one.
    const shared = store.page('made-up-0', 'de');
    expect(pending).toHaveLength(16);
    for (const resolve of pending.splice(0)) resolve(null);
    expect(await Promise.all([...first, shared])).toEqual(Array(17).fill(null));
    // Once those are answered, the refused slug is asked for as any other, not remembered as failing.
    const later = store.page('one-more', 'de');
    expect(pending).toHaveLength(1);
    pending[0]!(null);
    expect(await later).toBeNull();
  });

  it('refreshes at most 16 pages at once: a stale page beyond them is served as it is', async () => {
    const pending: ((page: ContentPage | null) => void)[] = [];
    const slow = {
      ...bundledContent('cab'),
      page: () => new Promise<ContentPage | null>((resolve) => pending.push(resolve)),
    };
    let time = 0;
    const store = createContentStore({
      source: slow,
      fallback: bundledContent('cab'),
      logger,
      ttlMs: 1000,
      now: () => time,
    });
    const slugs = Array.from({ length: 17 }, (_, index) => `made-up-${index}`);
    for (const batch of [slugs.slice(0, 16), slugs.slice(16)]) {
      const loaded = batch.map((slug) => store.page(slug, 'de'));
      for (const resolve of pending.splice(0)) resolve(null);
      await Promise.all(loaded);
    }
    time += 1000;
    expect(await Promise.all(slugs.map((slug) => store.page(slug, 'de')))).toEqual(Array(17).fill(null));
    expect(pending).toHaveLength(16);
    // With all 16 under way, a page not in memory is refused as well.
    expect(isUnavailableError(await store.page('new', 'de').catch((error: unknown) => error))).toBe(true);
    for (const resolve of pending.splice(0)) resolve(null);
    await new Promise((resolve) => setImmediate(resolve));
    await store.page('made-up-16', 'de');
    expect(pending).toHaveLength(1);
  });
});

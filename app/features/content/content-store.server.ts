import type { Logger } from '~/platform/logger.server';
import type { ContentPage, ContentSource, SiteContent } from '~/platform/content-service/types';

export interface ContentStore {
  /** Configuration, apps and social media links, loaded at start-up and kept fresh. */
  siteContent(): Promise<SiteContent>;
  page(slug: string, locale: string): Promise<ContentPage | null>;
  /** A page's draft for the preview, always asked fresh and never kept. */
  draft(slug: string, locale: string): Promise<ContentPage | null>;
  /** Loads the site content before the first request is served. */
  warm(): Promise<void>;
}

interface Entry<T> {
  value: T;
  loadedAt: number;
  refreshing?: Promise<void>;
}

export interface ContentStoreOptions {
  source: ContentSource;
  /** Answers when `source` has never answered: the bundled files. */
  fallback: ContentSource;
  ttlMs: number;
  logger: Pick<Logger, 'warn'>;
  now?: () => number;
  /** Most pages kept, and as many slugs the service does not have; the least recently used go first. */
  maxEntries?: number;
  /**
   * Most pages asked of the service at once, refreshes included; beyond it a stale page is served as it
   * is, and a visitor asking for a page not in memory gets a 503.
   */
  maxPageLoads?: number;
}

/** Too many pages are being asked of the content service at once: a 503 for the visitor, not a bug. */
export class ContentBusyError extends Error {
  readonly code = 'CONTENT_UNAVAILABLE';
}

const contentSlug = /^[A-Za-z0-9._~-]{1,100}$/;

/**
 * Keeps content in memory. A fresh copy is served as is; a stale one is served at once while a
 * refresh runs in the background, so a slow content service never slows a page. When a refresh
 * fails the last good copy stays in use; when the service has never answered, the bundled files
 * answer (site content, and the pages they have: home, legal texts, FAQ). A page neither has is an
 * error, and for a while after a failure that error comes at once instead of after another timeout.
 *
 * Every visitor can name a slug, so slugs the service does not have are kept apart from the pages it
 * has (made-up slugs cannot push real pages out), both bounded; the site content is never pushed
 * out. Visitors who ask for a page that is not in memory at the same moment share one request to
 * the service, and at most `maxPageLoads` such requests run at once: each made-up slug would
 * otherwise cost a request to the service, as many at once as visitors send.
 */
export function createContentStore(options: ContentStoreOptions): ContentStore {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 500;
  const maxPageLoads = options.maxPageLoads ?? 16;
  let pageLoads = 0;
  const site = new Map<string, Entry<unknown>>();
  const pages = new Map<string, Entry<unknown>>();
  const missingPages = new Map<string, Entry<unknown>>();
  const failures = new Map<string, { error: unknown; at: number }>();
  const loading = new Map<string, Promise<unknown>>();

  /** The map an entry of `key` with `value` belongs in. */
  const placeOf = (key: string, value: unknown) => (!key.startsWith('page:') ? site : value ? pages : missingPages);

  function remember(key: string, entry: Entry<unknown>) {
    // Map keeps insertion order: re-inserting marks the key as recently used, the first is the oldest.
    pages.delete(key);
    missingPages.delete(key);
    const place = placeOf(key, entry.value);
    place.delete(key);
    place.set(key, entry);
    if (place.size > maxEntries) place.delete(place.keys().next().value!);
  }

  async function cached<T>(key: string, load: () => Promise<T>, rescue: () => Promise<T | undefined>): Promise<T> {
    const isPage = key.startsWith('page:');
    const entry = (site.get(key) ?? pages.get(key) ?? missingPages.get(key)) as Entry<T> | undefined;
    if (entry) {
      remember(key, entry);
      // While the service is asked for as many pages as it may be, a stale page waits for a later request.
      const canAsk = !isPage || pageLoads < maxPageLoads;
      if (now() - entry.loadedAt >= options.ttlMs && !entry.refreshing && canAsk) {
        if (isPage) pageLoads++;
        entry.refreshing = load()
          .then((value) => remember(key, { value, loadedAt: now() }))
          .catch((error: unknown) => {
            options.logger.warn({ err: error, key }, 'content refresh failed; serving the last good copy');
            // Back off for one TTL before asking the failing service again.
            remember(key, { value: entry.value, loadedAt: now() });
          })
          .finally(() => {
            if (isPage) pageLoads--;
          });
      }
      return entry.value;
    }
    const failure = failures.get(key);
    if (failure && now() - failure.at < options.ttlMs) throw failure.error;
    let first = loading.get(key) as Promise<T> | undefined;
    if (!first) {
      if (isPage && pageLoads >= maxPageLoads) throw new ContentBusyError('too many content pages loading at once');
      if (isPage) pageLoads++;
      first = loadFirst(key, load, rescue).finally(() => {
        loading.delete(key);
        if (isPage) pageLoads--;
      });
      loading.set(key, first);
    }
    return first;
  }

  async function loadFirst<T>(key: string, load: () => Promise<T>, rescue: () => Promise<T | undefined>): Promise<T> {
    try {
      const value = await load();
      failures.delete(key);
      remember(key, { value, loadedAt: now() });
      return value;
    } catch (error) {
      const value = await rescue();
      if (value === undefined) {
        failures.set(key, { error, at: now() });
        if (failures.size > maxEntries) failures.delete(failures.keys().next().value!);
        throw error;
      }
      options.logger.warn({ err: error, key }, 'content service failed; using bundled content');
      // Stored as already stale, so that the next request serves it and asks the service again.
      remember(key, { value, loadedAt: now() - options.ttlMs });
      return value;
    }
  }

  const { source, fallback } = options;
  const siteContent = async (): Promise<SiteContent> => {
    const [configuration, apps, socialMedias] = await Promise.all([
      cached(
        'configuration',
        () => source.configuration(),
        () => fallback.configuration(),
      ),
      cached(
        'apps',
        () => source.apps(),
        () => fallback.apps(),
      ),
      cached(
        'social-medias',
        () => source.socialMedias(),
        () => fallback.socialMedias(),
      ),
    ]);
    return { configuration, apps, socialMedias };
  };

  return {
    siteContent,
    page: async (slug, locale) =>
      // No content service slug looks otherwise (Strapi's UID field): not worth a request to it.
      !contentSlug.test(slug)
        ? null
        : cached(
            `page:${locale}:${slug}`,
            () => source.page(slug, locale),
            // A bundled copy stands in while the service fails; a slug it does not know stays an error.
            async () => (await fallback.page(slug, locale)) ?? undefined,
          ),
    draft: (slug, locale) => source.draft(slug, locale),
    warm: async () => {
      await siteContent();
    },
  };
}

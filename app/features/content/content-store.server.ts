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
  /** Answers site content when `source` has never answered (the bundled files). */
  fallback: ContentSource;
  ttlMs: number;
  logger: Pick<Logger, 'warn'>;
  now?: () => number;
}

/**
 * Keeps content in memory. A fresh copy is served as is; a stale one is served at once while a
 * refresh runs in the background, so a slow content service never slows a page. When a refresh
 * fails the last good copy stays in use; site content falls back to the bundled files when the
 * service has never answered.
 */
export function createContentStore(options: ContentStoreOptions): ContentStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<unknown>>();

  async function cached<T>(key: string, load: () => Promise<T>, rescue?: () => Promise<T>): Promise<T> {
    const entry = entries.get(key) as Entry<T> | undefined;
    if (entry) {
      if (now() - entry.loadedAt >= options.ttlMs && !entry.refreshing) {
        entry.refreshing = load()
          .then((value) => {
            entries.set(key, { value, loadedAt: now() });
          })
          .catch((error: unknown) => {
            options.logger.warn({ err: error, key }, 'content refresh failed; serving the last good copy');
            // Back off for one TTL before asking the failing service again.
            entries.set(key, { value: entry.value, loadedAt: now() });
          });
      }
      return entry.value;
    }
    try {
      const value = await load();
      entries.set(key, { value, loadedAt: now() });
      return value;
    } catch (error) {
      if (!rescue) throw error;
      options.logger.warn({ err: error, key }, 'content service failed; using bundled content');
      const value = await rescue();
      // Stored as already stale, so that the next request tries the service again.
      entries.set(key, { value, loadedAt: now() - options.ttlMs });
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
    page: (slug, locale) => cached(`page:${locale}:${slug}`, () => source.page(slug, locale)),
    draft: (slug, locale) => source.draft(slug, locale),
    warm: async () => {
      await siteContent();
    },
  };
}

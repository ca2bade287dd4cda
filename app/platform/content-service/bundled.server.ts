import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from '~/platform/validation';
import {
  appEntrySchema,
  contentPageSchema,
  siteConfigurationSchema,
  socialMediaSchema,
  type ContentSource,
} from './types';

/**
 * Content shipped in the repository (content/{brand}/...): the default when no content service is
 * configured, and the last resort when the configured one has never answered.
 */
export function bundledContent(brand: string, root = path.resolve('content')): ContentSource {
  const brandDir = path.join(root, brand);
  const readJson = async (file: string): Promise<unknown> => JSON.parse(await readFile(file, 'utf8'));
  /** The first file for the page in the brand's folders, then the shared ones; null when none. */
  async function readPage(kinds: string[], slug: string, locale: string) {
    // Slugs come from the URL: only plain names reach the file system.
    if (!/^[a-z0-9-]{1,80}$/.test(slug) || !/^[a-z]{2}$/.test(locale)) return null;
    for (const kind of kinds) {
      for (const dir of [path.join(brandDir, kind), path.join(root, kind)]) {
        try {
          return contentPageSchema.parse(await readJson(path.join(dir, locale, `${slug}.json`)));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    }
    return null;
  }

  return {
    name: 'bundled',
    configuration: async () => siteConfigurationSchema.parse(await readJson(path.join(brandDir, 'configuration.json'))),
    apps: async () => z.array(appEntrySchema).parse(await readJson(path.join(brandDir, 'apps.json'))),
    socialMedias: async () =>
      z.array(socialMediaSchema).parse(await readJson(path.join(brandDir, 'social-medias.json'))),
    page: (slug, locale) => readPage(['pages'], slug, locale),
    // A page without a draft file previews as published, as a CMS's draft of a published page would.
    draft: (slug, locale) => readPage(['drafts', 'pages'], slug, locale),
  };
}

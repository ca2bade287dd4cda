import { describe, expect, it } from 'vitest';
import type { AppServices } from '~/context';
import type { ContentPage } from '~/platform/content-service/types';
import { contentPageMeta } from './content-page.server';
import { ContentBusyError } from './content-store.server';

const page = { slug: 'faq', locale: 'de', title: 'FAQ', blocks: [] } as unknown as ContentPage;
const servicesWith = (otherLanguage: () => Promise<ContentPage | null>) =>
  ({ content: { page: otherLanguage } }) as unknown as AppServices;

describe('a content page’s languages', () => {
  it('links the other language where the service has it, and leaves the link out where it fails', async () => {
    const english = { ...page, locale: 'en', title: 'FAQ (en)' };
    const linked = await contentPageMeta(
      servicesWith(async () => english),
      page,
      'faq',
      'de',
      '/de/faq',
    );
    expect(linked.localizations.map((link) => link.path)).toEqual(['/de/faq', '/en/faq']);
    const failing = servicesWith(() => Promise.reject(new Error('content service down')));
    const alone = await contentPageMeta(failing, page, 'faq', 'de', '/de/faq');
    expect(alone.localizations.map((link) => link.path)).toEqual(['/de/faq']);
  });

  it('is refused while the service is asked for too many pages, instead of being kept without the link', async () => {
    const busy = servicesWith(() => Promise.reject(new ContentBusyError('too many content pages loading at once')));
    await expect(contentPageMeta(busy, page, 'faq', 'de', '/de/faq')).rejects.toBeInstanceOf(ContentBusyError);
  });
});

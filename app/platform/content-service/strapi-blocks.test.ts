import { afterEach, describe, expect, it } from 'vitest';
import { startStrapiServer, strapiEntry } from '../../../tests/support/strapi-server';
import { strapiContent } from './strapi.server';

/** A page as Strapi 5 answers it: a dynamic zone of components and the blocks editor's rich text. */
const publishedPage = {
  id: 9,
  slug: 'so-gehts',
  title: 'So geht’s',
  description: 'In drei Schritten aufs Rad.',
  blocks: [
    {
      __component: 'blocks.text',
      id: 1,
      body: [
        { type: 'heading', level: 2, children: [{ type: 'text', text: 'Ausleihen' }] },
        {
          type: 'paragraph',
          children: [
            { type: 'text', text: 'Scanne den ' },
            { type: 'text', text: 'QR-Code', bold: true },
            { type: 'text', text: ' – mehr in den ' },
            { type: 'link', url: '/de/faq', children: [{ type: 'text', text: 'Fragen' }] },
          ],
        },
        {
          type: 'list',
          format: 'ordered',
          children: [{ type: 'list-item', children: [{ type: 'text', text: 'App öffnen' }] }],
        },
      ],
    },
    {
      __component: 'blocks.image',
      id: 2,
      // Strapi's local upload provider answers with a path on its own host.
      image: { url: '/uploads/rad.jpg', mime: 'image/jpeg', alternativeText: 'Ein Rad an der Station' },
      caption: null,
    },
    {
      __component: 'blocks.faq',
      id: 3,
      title: 'Fragen',
      items: [{ question: 'Kosten?', answer: '1 € je 30 Minuten.' }],
    },
    { __component: 'blocks.cta', id: 4, text: 'Los geht’s', link: { label: 'Registrieren', href: '/de/registrieren' } },
    {
      __component: 'blocks.teaser',
      id: 5,
      title: 'Komfort',
      text: '30 Minuten frei',
      image: null,
      link: { label: 'Preise', href: '/de/preisverzeichnis' },
    },
  ],
};

describe('Strapi content blocks', () => {
  let cms: Awaited<ReturnType<typeof startStrapiServer>> | undefined;
  afterEach(async () => {
    await cms?.close();
    cms = undefined;
  });

  it('reads dynamic-zone components and rich text into typed blocks', async () => {
    cms = await startStrapiServer((url) =>
      url.pathname === '/api/pages' ? { status: 200, body: { data: [publishedPage], meta: {} } } : undefined,
    );
    const page = await strapiContent({ baseUrl: cms.url, timeoutMs: 1000 }).page('so-gehts', 'de');

    expect(page?.blocks.map((block) => block.type)).toEqual(['text', 'image', 'faq', 'cta', 'teaser']);
    expect(page?.blocks[0]).toMatchObject({
      type: 'text',
      body: [{ type: 'heading', level: 2 }, {}, { format: 'ordered' }],
    });
    expect(page?.blocks[1]).toMatchObject({
      image: { url: `${cms.url}/uploads/rad.jpg`, alternativeText: 'Ein Rad an der Station' },
    });
    // A link in rich text is not media: it stays a path of our own site.
    expect(JSON.stringify(page?.blocks[0])).toContain('"url":"/de/faq"');
  });

  it('asks for the draft in both Strapi 5 and Strapi 4 terms, and reads Strapi 4 entries', async () => {
    cms = await startStrapiServer((url) =>
      url.pathname === '/api/pages' && url.searchParams.get('status') === 'draft'
        ? {
            status: 200,
            body: { data: [strapiEntry(9, { slug: 'so-gehts', title: 'Entwurf', blocks: [] })], meta: {} },
          }
        : undefined,
    );
    const draft = await strapiContent({ baseUrl: cms.url, timeoutMs: 1000 }).draft('so-gehts', 'de');

    expect(draft).toMatchObject({ title: 'Entwurf', locale: 'de' });
    const asked = cms.requests.at(-1)!;
    expect(asked.searchParams.get('publicationState')).toBe('preview');
    expect(asked.searchParams.get('filters[slug][$eq]')).toBe('so-gehts');
  });

  it('refuses a block of an unknown kind rather than showing half a page', async () => {
    cms = await startStrapiServer(() => ({
      status: 200,
      body: { data: [{ slug: 'x', title: 'X', blocks: [{ __component: 'blocks.video', id: 1 }] }], meta: {} },
    }));
    await expect(strapiContent({ baseUrl: cms.url, timeoutMs: 1000 }).page('x', 'de')).rejects.toThrow();
  });
});

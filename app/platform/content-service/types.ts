import { z } from '~/platform/validation';

const idSchema = () => z.pipe(z.union([z.string(), z.number()]), z.transform(String));

/** Site configuration (docs/rules/content-and-navigation.md#site-configuration). */
export const siteConfigurationSchema = z.object({
  id: idSchema(),
  clientId: z.string(),
  customerServicePhone: z.string(),
  deployProject: z._default(z.string(), ''),
  deployEnvironment: z._default(z.string(), ''),
  logo: z.pipe(
    z.nullish(z.object({ url: z.string(), alternativeText: z.nullish(z.string()) })),
    z.transform((logo) => logo ?? null),
  ),
  languages: z._default(z.array(z.string()), ['de', 'en']),
});
export type SiteConfiguration = z.infer<typeof siteConfigurationSchema>;

export const appEntrySchema = z.object({
  id: idSchema(),
  name: z.string(),
  platform: z.enum(['ios', 'android', 'huawei']),
  storeUrl: z.url(),
  badgeText: z._default(z.record(z.string(), z.string()), {}),
});
export type AppEntry = z.infer<typeof appEntrySchema>;

export const socialMediaSchema = z.object({
  id: idSchema(),
  name: z.string(),
  url: z.url(),
});
export type SocialMedia = z.infer<typeof socialMediaSchema>;

/**
 * Rich text in the shape of Strapi's blocks editor: paragraphs, headings, lists and quotes whose
 * children are text runs (bold, italic, underline, code) and links. Rendered as React elements,
 * never as HTML, so content cannot inject markup.
 */
export type RichTextInline =
  | { type: 'text'; text: string; bold?: boolean; italic?: boolean; underline?: boolean; code?: boolean }
  | { type: 'link'; url: string; children: RichTextInline[] };
export type RichTextNode =
  | { type: 'paragraph'; children: RichTextInline[] }
  | { type: 'heading'; level: number; children: RichTextInline[] }
  | { type: 'quote'; children: RichTextInline[] }
  | { type: 'list'; format: 'ordered' | 'unordered'; children: { type: 'list-item'; children: RichTextInline[] }[] };

const textRunSchema = z.object({
  type: z.literal('text'),
  text: z.string(),
  bold: z.optional(z.boolean()),
  italic: z.optional(z.boolean()),
  underline: z.optional(z.boolean()),
  code: z.optional(z.boolean()),
});
const inlineSchema: z.ZodMiniType<RichTextInline> = z.lazy(() =>
  z.union([textRunSchema, z.object({ type: z.literal('link'), url: z.string(), children: z.array(inlineSchema) })]),
);
const richTextNodeSchema: z.ZodMiniType<RichTextNode> = z.union([
  z.object({ type: z.literal('paragraph'), children: z.array(inlineSchema) }),
  z.object({ type: z.literal('heading'), level: z.int().check(z.gte(1), z.lte(6)), children: z.array(inlineSchema) }),
  z.object({ type: z.literal('quote'), children: z.array(inlineSchema) }),
  z.object({
    type: z.literal('list'),
    format: z._default(z.enum(['ordered', 'unordered']), 'unordered'),
    children: z.array(z.object({ type: z.literal('list-item'), children: z.array(inlineSchema) })),
  }),
]);

const linkSchema = z.object({ label: z.string(), href: z.string() });
const imageSchema = z.object({
  url: z.string(),
  alternativeText: z.pipe(
    z.nullish(z.string()),
    z.transform((alt) => alt ?? ''),
  ),
  width: z.nullish(z.number()),
  height: z.nullish(z.number()),
});

/**
 * A content page's blocks. Strapi names dynamic-zone components `__component: 'blocks.faq'`; the
 * bundled files write `type: 'faq'`. Both are read.
 */
export const contentBlockSchema = z.pipe(
  z.transform((value) => {
    if (value && typeof value === 'object' && !('type' in value) && '__component' in value) {
      const component = String((value as { __component: unknown }).__component);
      return { ...value, type: component.slice(component.lastIndexOf('.') + 1) };
    }
    return value;
  }),
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('heading'),
      text: z.string(),
      level: z._default(z.union([z.literal(2), z.literal(3)]), 2),
    }),
    z.object({ type: z.literal('paragraph'), text: z.string() }),
    z.object({ type: z.literal('list'), items: z.array(z.string()) }),
    z.object({ type: z.literal('text'), body: z.array(richTextNodeSchema) }),
    z.object({ type: z.literal('image'), image: imageSchema, caption: z.nullish(z.string()) }),
    z.object({
      type: z.literal('teaser'),
      title: z.string(),
      text: z.string(),
      image: z.nullish(imageSchema),
      link: z.nullish(linkSchema),
    }),
    z.object({
      type: z.literal('faq'),
      title: z.nullish(z.string()),
      items: z.array(z.object({ question: z.string(), answer: z.string() })),
    }),
    z.object({ type: z.literal('cta'), text: z.string(), link: linkSchema }),
  ]),
);
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const contentPageSchema = z.object({
  slug: z.string(),
  locale: z.string(),
  title: z.string(),
  description: z._default(z.string(), ''),
  blocks: z._default(z.array(contentBlockSchema), []),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export interface SiteContent {
  configuration: SiteConfiguration;
  apps: AppEntry[];
  socialMedias: SocialMedia[];
}

/** What the app asks of a content service; the bundled files and Strapi both answer it. */
export interface ContentSource {
  readonly name: string;
  configuration(): Promise<SiteConfiguration>;
  apps(): Promise<AppEntry[]>;
  socialMedias(): Promise<SocialMedia[]>;
  /** null when no page has that slug in that locale. */
  page(slug: string, locale: string): Promise<ContentPage | null>;
  /** The draft of a page, for the preview; null when there is none. Never cached. */
  draft(slug: string, locale: string): Promise<ContentPage | null>;
}

import { jsonHttpClient } from '~/platform/json-http.server';
import { z } from '~/platform/validation';
import {
  appEntrySchema,
  contentPageSchema,
  siteConfigurationSchema,
  socialMediaSchema,
  type ContentSource,
} from './types';

export interface StrapiOptions {
  baseUrl: string;
  token?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The content service did not answer usefully: a 503 for the visitor, not a bug. */
export class ContentServiceError extends Error {
  readonly code = 'CONTENT_UNAVAILABLE';
}

/**
 * A Strapi-compatible content service: `GET {CMS_URL}/api/...?populate=deep`, reading the response's
 * `data` field. Strapi 4 wraps fields in `attributes` and relations in `{ data }`; Strapi 5 is flat.
 * Both are accepted.
 */
export function strapiContent(options: StrapiOptions): ContentSource {
  // `/api` hangs off the service's origin, whatever path CMS_URL has.
  const http = jsonHttpClient({
    baseUrl: new URL(options.baseUrl).origin,
    bearer: options.token,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    service: 'Content service',
    error: (message, { cause }) => new ContentServiceError(message, { cause }),
  });

  async function get(path: string, query: Record<string, string> = {}): Promise<unknown> {
    const body = (await http.read({ path: `/api/${path}`, query: { populate: 'deep', ...query } })) as {
      data?: unknown;
    } | null;
    return withAbsoluteMediaUrls(flattenStrapi(body?.data), options.baseUrl);
  }

  async function findPage(query: Record<string, string>) {
    const found = await get('pages', query);
    const list = Array.isArray(found) ? found : [];
    return list.length > 0 ? contentPageSchema.parse({ locale: query.locale, ...list[0] }) : null;
  }

  return {
    name: 'strapi',
    configuration: async () => siteConfigurationSchema.parse(await get('configuration')),
    apps: async () => z.array(appEntrySchema).parse(await get('apps')),
    socialMedias: async () => z.array(socialMediaSchema).parse(await get('social-medias')),
    page: (slug, locale) => findPage({ 'filters[slug][$eq]': slug, locale }),
    // Strapi 5 names the draft `status=draft`, Strapi 4 `publicationState=preview`; each ignores the other.
    draft: (slug, locale) =>
      findPage({ 'filters[slug][$eq]': slug, locale, status: 'draft', publicationState: 'preview' }),
  };
}

/** Strapi 4 → plain objects: `{ id, attributes }` merges, `{ data }` relations unwrap. */
export function flattenStrapi(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(flattenStrapi);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1 && keys[0] === 'data') return flattenStrapi(record.data);
  if ('attributes' in record && typeof record.attributes === 'object' && record.attributes !== null) {
    const { attributes, ...rest } = record;
    return flattenStrapi({ ...rest, ...(attributes as Record<string, unknown>) });
  }
  return Object.fromEntries(Object.entries(record).map(([key, entry]) => [key, flattenStrapi(entry)]));
}

/**
 * Strapi's own upload provider answers media with a path (`/uploads/rad.jpg`) on the content
 * service's host; our pages are on another host, so such a path would point at us. Media objects
 * are the ones with a `mime` type; other `url` fields (links in rich text) stay as they are.
 */
export function withAbsoluteMediaUrls(value: unknown, baseUrl: string): unknown {
  if (Array.isArray(value)) return value.map((entry) => withAbsoluteMediaUrls(entry, baseUrl));
  if (value === null || typeof value !== 'object') return value;
  const record = Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, withAbsoluteMediaUrls(entry, baseUrl)]),
  );
  if (typeof record.mime === 'string' && typeof record.url === 'string') record.url = new URL(record.url, baseUrl).href;
  return record;
}

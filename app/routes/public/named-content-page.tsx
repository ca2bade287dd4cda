import type { Route } from './+types/named-content-page';
import { pageContext, servicesContext } from '~/context';
import { requireContentPage } from '~/features/content/content-page.server';
import type { PageId } from '~/i18n/route-table';
import { ContentBlocks } from '~/ui/components/content-blocks';
import { PageTitle } from '~/ui/components/page-header';
import { namedPageMeta, publicPageHeaders } from '~/ui/page-meta';

/** Named pages whose text comes from the content service, by the slug it knows them under. */
const contentSlugs: Partial<Record<PageId, string>> = {
  privacy: 'privacy',
  accessibility: 'accessibility',
  accessibilityStatement: 'accessibility',
};

export const meta = namedPageMeta;
export const headers = publicPageHeaders;

export async function loader({ url, context }: Route.LoaderArgs) {
  const { pageId, locale } = context.get(pageContext);
  const slug = pageId && contentSlugs[pageId];
  if (!pageId || !slug) throw new Error(`No content slug for ${url.pathname}`);
  const content = await requireContentPage(context.get(servicesContext), slug, locale, url.pathname);
  return { pageId, content };
}

export default function NamedContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="content-page">
      <PageTitle page={loaderData.pageId} />
      <ContentBlocks blocks={loaderData.content.blocks} />
    </article>
  );
}

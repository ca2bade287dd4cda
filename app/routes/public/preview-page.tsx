import { data, redirect } from 'react-router';
import type { Route } from './+types/preview-page';
import { servicesContext } from '~/context';
import {
  isPreviewSecret,
  isValidPreviewCookie,
  previewCookie,
  previewCookieName,
} from '~/features/content/preview.server';
import { notFound } from '~/shared/navigation/route-validation';
import { isLocale } from '~/i18n/locales';
import { useT } from '~/i18n/hooks';
import { readCookie } from '~/platform/cookies';
import { ContentBlocks } from '~/ui/components/content-blocks';
import { brandedPageTitle } from '~/ui/page-meta';

const noStore = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };

/**
 * A content page's draft, for editors only: `?secret=` is exchanged for a signed cookie and
 * dropped from the address; without a valid cookie the preview does not exist (404).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { config, content } = context.get(servicesContext);
  const secret = url.searchParams.get('secret');
  if (secret !== null) {
    if (!isPreviewSecret(secret, config.previewSecret)) notFound(url.pathname);
    url.searchParams.delete('secret');
    throw redirect(`${url.pathname}${url.search}`, {
      headers: { ...noStore, 'Set-Cookie': previewCookie(config.previewSecret, url.protocol === 'https:') },
    });
  }
  if (!isValidPreviewCookie(readCookie(request.headers.get('cookie'), previewCookieName), config.previewSecret)) {
    notFound(url.pathname);
  }
  const slug = url.searchParams.get('slug') ?? '';
  const locale = url.searchParams.get('locale') ?? 'de';
  const draft = isLocale(locale) ? await content.draft(slug, locale) : null;
  if (!draft) notFound(url.pathname);
  return data({ draft }, { headers: noStore });
}

export function headers() {
  return noStore;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  brandedPageTitle(matches, loaderData?.draft.title ?? ''),
  { name: 'robots', content: 'noindex' },
];

export default function PreviewPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { draft } = loaderData;
  return (
    <>
      <p className="notice" role="status">
        {t('preview.notice')}
      </p>
      <article className="content-page" lang={draft.locale}>
        <h1>{draft.title}</h1>
        <ContentBlocks blocks={draft.blocks} />
      </article>
    </>
  );
}

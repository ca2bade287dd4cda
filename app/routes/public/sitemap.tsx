import { contentPagePath, linkedContentPages } from '~/features/content/content-links';
import { useLocale, useT } from '~/i18n/hooks';
import { pageIdsOf, pages } from '~/i18n/route-table';
import { useRootData } from '~/root';
import { PageTitle } from '~/ui/components/page-header';
import { AppLink } from '~/ui/components/app-link';
import { PageLink } from '~/ui/components/page-link';
import { namedPageMeta, publicPageHeaders } from '~/ui/page-meta';

export const meta = namedPageMeta;
export const headers = publicPageHeaders;

/** Every public page of the current locale that the brand offers, straight from the route table. */
export default function Sitemap() {
  const t = useT();
  const locale = useLocale();
  const brand = useRootData()?.brand.id ?? 'cab';
  return (
    <>
      <PageTitle page="sitemap">
        <p className="lead">{t('sitemap.lead')}</p>
      </PageTitle>
      <ul className="sitemap">
        {pageIdsOf(brand)
          .filter((id) => pages[id].indexable)
          .map((id) => (
            <li key={id}>
              <PageLink page={id} locale={locale}>
                {t(`page.${id}.title`)}
              </PageLink>
            </li>
          ))}
        {linkedContentPages.map((page) => (
          <li key={page.slug}>
            <AppLink to={contentPagePath(page.slug, locale)}>{t(page.title)}</AppLink>
          </li>
        ))}
      </ul>
    </>
  );
}

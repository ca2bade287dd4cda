import { useRootData } from '~/root';
import { useLocale } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { Section } from '~/ui/components/section';
import { namedPageMeta, publicPageHeaders } from '~/ui/page-meta';

export const meta = namedPageMeta;
export const headers = publicPageHeaders;

export default function GetTheApp() {
  const locale = useLocale();
  const apps = useRootData()?.site.apps ?? [];
  return (
    <>
      <PageTitle page="getTheApp" />
      <Section>
        <ul className="app-badges">
          {apps.map((app) => (
            <li key={app.id}>
              <a className="button" href={app.storeUrl} rel="noopener">
                {app.badgeText[locale] ?? app.name}
              </a>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

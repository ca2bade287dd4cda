import { Outlet, useLocation } from 'react-router';
import { useLocale, useT } from '~/i18n/hooks';
import { isWebView, pagePath, type PageId } from '~/i18n/route-table';
import { AppNavLink } from '~/ui/components/app-link';
import { RouteErrorBoundary } from '~/ui/components/error-screen';
import { errorPageMeta } from '~/ui/page-meta';
import { SiteFooter } from '~/routes/layouts/site-footer';
import { SiteHeader } from '~/routes/layouts/site-header';
import { EmbeddedMain } from '~/ui/layouts/embedded-main';
import { SkipLink } from '~/ui/layouts/skip-link';
// The messages beyond the general ones (app/i18n/messages/complete.ts).
import '~/i18n/messages/complete';

const sections: PageId[] = ['selfService', 'contract', 'tariff', 'credit', 'payment', 'data'];

/**
 * The self-service area: the main view with the area's own navigation. Opened by a native app
 * (`dbcembedded`, e.g. a section without a web-view copy linked from the embedded overview), the
 * embedded layout instead, as the main view does.
 */
export default function SelfServiceLayout() {
  const { pathname, search } = useLocation();
  if (isWebView(pathname, search)) return <EmbeddedMain />;
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <div className="self-service">
        <SelfServiceNav />
        <main id="main" className="self-service__content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <SiteFooter />
    </>
  );
}

function SelfServiceNav() {
  const t = useT();
  const locale = useLocale();
  return (
    <nav className="self-service__nav" aria-label={t('nav.self-service.label')}>
      <ul>
        {sections.map((id) => (
          <li key={id}>
            <AppNavLink to={pagePath(id, locale)} end={id === 'selfService'}>
              {t(`page.${id}.title`)}
            </AppNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const meta = errorPageMeta;

export function ErrorBoundary() {
  const { pathname, search } = useLocation();
  if (isWebView(pathname, search)) return <RouteErrorBoundary />;
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <RouteErrorBoundary />
      <SiteFooter />
    </>
  );
}

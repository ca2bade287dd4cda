import type { Route } from './+types/self-service-layout';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLocale, useT } from '~/i18n/hooks';
import { isWebView, pagePath, type PageId } from '~/i18n/route-table';
import { AppNavLink } from '~/ui/components/app-link';
import { errorPageMeta } from '~/ui/page-meta';
import { SiteErrorBoundary } from '~/routes/layouts/site-error-boundary';
import { SiteFooter } from '~/routes/layouts/site-footer';
import { SiteHeader } from '~/routes/layouts/site-header';
import { EmbeddedMain } from '~/ui/layouts/embedded-main';
import { SkipLink } from '~/ui/layouts/skip-link';
import { requireServedPage } from '~/request-scope.server';

const sections: PageId[] = ['selfService', 'contract', 'tariff', 'rides', 'credit', 'payment', 'data'];

/** A self-service page of another brand (the driving licence's correction on cab) is not found, as on the site. */
export function loader({ url, context }: Route.LoaderArgs) {
  return requireServedPage(url, context);
}

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
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // On a phone the sections are one row that scrolls sideways (styles.css): the current one is
  // brought into view, never the page scrolled.
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector('[aria-current="page"]');
    if (!row || !current) return;
    const rowBox = row.getBoundingClientRect();
    const box = current.getBoundingClientRect();
    if (box.left < rowBox.left || box.right > rowBox.right - 32) row.scrollLeft += box.left - rowBox.left - 16;
  }, [pathname]);
  return (
    <nav className="self-service__nav" aria-label={t('nav.self-service.label')}>
      <ul ref={list}>
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

export const ErrorBoundary = SiteErrorBoundary;

import type { Route } from './+types/main-view-layout';
import { Outlet, useLocation } from 'react-router';
import { isWebView } from '~/i18n/route-table';
import { errorPageMeta } from '~/ui/page-meta';
import { SiteErrorBoundary } from '~/routes/layouts/site-error-boundary';
import { SiteFooter } from '~/routes/layouts/site-footer';
import { SiteHeader } from '~/routes/layouts/site-header';
import { EmbeddedMain } from '~/ui/layouts/embedded-main';
import { SkipLink } from '~/ui/layouts/skip-link';
import { requireServedPage } from '~/request-scope.server';

/**
 * A page of another brand, or the terminal where the brand has none, is not found
 * (docs/rules/reports.md#report-pages-per-brand).
 */
export function loader({ url, context }: Route.LoaderArgs) {
  return requireServedPage(url, context);
}

/**
 * Public pages: header with navigation and locale switch, content, footer. Opened by a native app
 * (`dbcembedded`, e.g. the report web view rewritten to the site's page), the embedded layout
 * instead: header and footer links would lead out of the app's flow.
 */
export default function MainViewLayout() {
  const { pathname, search } = useLocation();
  if (isWebView(pathname, search)) return <EmbeddedMain />;
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" className="main-view" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

export const meta = errorPageMeta;

export const ErrorBoundary = SiteErrorBoundary;

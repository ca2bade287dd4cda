import { Outlet } from 'react-router';
import { RouteErrorBoundary } from '~/ui/components/error-screen';
import { errorPageMeta } from '~/ui/page-meta';
import { SiteFooter } from '~/ui/components/site-footer';
import { SiteHeader } from '~/ui/components/site-header';
import { SkipLink } from './skip-link';

/** Public pages: header with navigation and locale switch, content, footer. */
export default function MainViewLayout() {
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

export function ErrorBoundary() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <RouteErrorBoundary />
      <SiteFooter />
    </>
  );
}

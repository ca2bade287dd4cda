import { useLocation } from 'react-router';
import { isWebView } from '~/i18n/route-table';
import { RouteErrorBoundary } from '~/ui/components/error-screen';
import { SiteFooter } from '~/routes/layouts/site-footer';
import { SiteHeader } from '~/routes/layouts/site-header';
import { SkipLink } from '~/ui/layouts/skip-link';

/**
 * The error screen of the site's layouts: inside header and footer, so that a failed page still offers the way on;
 * in a native app's web view without them, as the embedded layout shows its pages.
 */
export function SiteErrorBoundary() {
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

import { Outlet } from 'react-router';
import { RouteErrorBoundary } from '~/ui/components/error-screen';
// The messages beyond the general ones (app/i18n/messages/complete.ts).
import '~/i18n/messages/complete';
import { errorPageMeta } from '~/ui/page-meta';

/**
 * Pages the native apps show in a web view: content only, no header or footer links that would
 * leave the app's flow.
 */
export default function EmbeddedServiceLayout() {
  return (
    <main id="main" className="embedded" tabIndex={-1}>
      <Outlet />
    </main>
  );
}

export const meta = errorPageMeta;

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

import { Outlet } from 'react-router';
import { RouteErrorBoundary } from '~/ui/components/error-screen';
import { errorPageMeta } from '~/ui/page-meta';
import { SkipLink } from './skip-link';

/** Bare pages (app ramp, terminal, preview): the document and the content, nothing around it. */
export default function BaseLayout() {
  return (
    <>
      <SkipLink />
      <main id="main" className="base" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

export const meta = errorPageMeta;

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

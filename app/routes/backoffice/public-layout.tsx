import { Outlet } from 'react-router';
import { BackOfficeFrame } from '~/routes/layouts/back-office-layout';
import { RouteErrorBoundary } from '~/ui/components/error-screen';
import { errorPageMeta } from '~/ui/page-meta';

/** The back office's pages before login: the frame without navigation. */
export default function BackOfficePublicLayout() {
  return (
    <BackOfficeFrame staff={null}>
      <Outlet />
    </BackOfficeFrame>
  );
}

export const meta = errorPageMeta;

export function ErrorBoundary() {
  return (
    <BackOfficeFrame staff={null}>
      <RouteErrorBoundary />
    </BackOfficeFrame>
  );
}

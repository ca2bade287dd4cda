import { data, isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import type { Route } from './+types/back-office';
import { backOfficeGuard, requireStaff } from '~/features/staff/public.server';
import { navigationFor } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { csrfFor } from '~/shared/security/form-page.server';
import { BackOfficeFrame } from '~/routes/layouts/back-office-layout';
import { RouteErrorBoundary } from '~/ui/components/error-screen';
import { errorPageMeta } from '~/ui/page-meta';

/**
 * Every back-office page below: the guard checks the staff session and the role the back office's
 * route table gives the page and action (features/staff/staff-access.server.ts), then the frame shows
 * the staff member, the navigation of their role and logout.
 */
export const middleware: Route.MiddlewareFunction[] = [backOfficeGuard];

export function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const csrf = csrfFor(request, context);
  return data(
    {
      staff: {
        displayName: staff.displayName,
        role: staff.role,
        navigation: navigationFor(staff.role),
        csrf: csrf.token,
      },
    },
    { headers: csrf.headers },
  );
}

export default function BackOfficeGuard({ loaderData }: Route.ComponentProps) {
  return (
    <BackOfficeFrame staff={loaderData.staff}>
      <Outlet context={loaderData.staff} />
    </BackOfficeFrame>
  );
}

export const meta = errorPageMeta;

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  return (
    <BackOfficeFrame staff={null}>
      {isRouteErrorResponse(error) && error.status === 403 ? (
        <div className="page-title">
          <h1>{t('backoffice.forbidden')}</h1>
        </div>
      ) : (
        <RouteErrorBoundary />
      )}
    </BackOfficeFrame>
  );
}

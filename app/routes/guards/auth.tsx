import { Outlet } from 'react-router';
import type { Route } from './+types/auth';
import { requireSession } from '~/features/accounts/current-customer.server';

/** The `auth` middleware of the route table: every page below needs a logged-in customer. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    requireSession(request, context);
  },
];

export default function AuthGuard() {
  return <Outlet />;
}

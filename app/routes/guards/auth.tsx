import { Outlet } from 'react-router';
import type { Route } from './+types/auth';
import { settleContract } from '~/features/contract/contract-settlement.server';
import { customerScope, customerScopeContext } from '~/features/self-service/customer-scope.server';

/**
 * The `auth` middleware of the route table: every page below needs a logged-in customer. It sets
 * the customer's scope for the page's loaders and actions, and settles the contract's time-driven
 * changes once per request (features/contract/contract-settlement.server.ts), so that no page
 * behind it shows or changes a contract that is out of date.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ url, context }) => {
    const scope = customerScope(url, context);
    context.set(customerScopeContext, scope);
    await settleContract(scope.ctx.db, scope.customerId);
  },
];

export default function AuthGuard() {
  return <Outlet />;
}

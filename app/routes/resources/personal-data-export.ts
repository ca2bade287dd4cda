import type { Route } from './+types/personal-data-export';
import { personalDataScope } from '~/features/personal-data/context.server';
import { exportPersonalData } from '~/features/personal-data/data-export.server';

/**
 * "Download all my data": the logged-in customer's data as a JSON file (GDPR Art. 15 and 20).
 * Reading it changes nothing, so it is a GET; without a session it sends to the login and back.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const scope = personalDataScope(url, context);
  const exported = await exportPersonalData(scope.ctx.db, scope.customerId);
  if (!exported) throw new Response('Not Found', { status: 404 });
  const day = exported.exportedAt.toISOString().slice(0, 10);
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="personal-data-${exported.customer.customerNumber}-${day}.json"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

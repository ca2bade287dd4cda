import type { Route } from './+types/rides-statement';
import { allRides } from '~/features/rides/ride-list.server';
import { ridesCsv, ridesCsvFileName } from '~/features/rides/rides-csv';
import { customerScope } from '~/features/self-service/customer-scope.server';
import { isLocale } from '~/i18n/locales';
import { berlinDate } from '~/platform/berlin-date';

/**
 * `GET /resources/rides-statement?locale=de`: the logged-in customer's rides as a CSV download
 * (features/rides/rides-csv.ts has the format), newest first and bounded (rides-page-settings.ts). Only
 * the customer's own rides; without a session the customer is sent to the login page first.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const scope = customerScope(url, context);
  const requested = url.searchParams.get('locale');
  const locale = isLocale(requested) ? requested : scope.locale;
  const rides = await allRides(scope.ctx.db, scope.customerId);
  return new Response(ridesCsv(rides, locale, scope.ctx.brand.id), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${ridesCsvFileName(locale, berlinDate())}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

import type { PageHandlerArgs } from '~/context';
import { customerScope } from '~/features/self-service/public.server';
import { formatInstant } from '~/i18n/intl-formats';
import { translator } from '~/i18n/translate';
import { ridesPage } from './ride-list.server';
import { rideDurationText, rideExplanation, rideKilometres, rideVehicleText } from './ride-text';

/**
 * The rides page (routes/self-service/rides.tsx, docs/rules/rides-and-charges.md#rides-page): the
 * logged-in customer's rated rides, newest first, one page at a time, each as text of the page's
 * language (times in Europe/Berlin), so the browser gets no breakdown to interpret and the page reads
 * the same before and after hydration.
 */
export async function ridesPageLoader({ url, context }: PageHandlerArgs) {
  const { customerId, ctx, locale } = customerScope(url, context);
  const requestedPage = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  const { rides, page, pageCount, total } = await ridesPage(ctx.db, customerId, requestedPage);
  const t = translator(locale, ctx.brand.id);
  return {
    rides: rides.map((ride) => {
      const km = rideKilometres(ride, locale);
      return {
        id: ride.id,
        start: formatInstant(ride.startTime, locale),
        end: formatInstant(ride.endTime, locale),
        duration: rideDurationText(ride.breakdown.durationMs, t),
        vehicle: rideVehicleText(ride, locale, t),
        distance: km === null ? null : t('rides.distance', { km }),
        priceCents: ride.priceCents,
        explanation: rideExplanation(ride.breakdown, locale, t),
      };
    }),
    page,
    pageCount,
    total,
  };
}

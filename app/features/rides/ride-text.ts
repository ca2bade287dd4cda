import type { Locale } from '~/i18n/locales';
import { formatDate, formatEuro, numberFormat, intlLocale } from '~/i18n/intl-formats';
import type { Translate } from '~/i18n/translate';
import type { BikeBreakdown, CarBreakdown } from './rating';
import { isElectricAssisted } from './rating';

/**
 * How a ride reads on the rides page and in its CSV (docs/rules/rides-and-charges.md#rides-page): its
 * vehicle, duration, distance and the lines that say how its price was made, all from what the rating
 * stored with it (`trips.breakdown`, app/features/rides/rating.ts), so the page never rates anything itself.
 */
export interface DescribedRide {
  vehicleType: 'bicycle' | 'car';
  propulsionTypes: string[];
  vehicleClass: string | null;
  vehicleClassNameDe: string | null;
  vehicleClassNameEn: string | null;
  distanceMeters: number | null;
  breakdown: BikeBreakdown | CarBreakdown;
}

const minuteMs = 60_000;

/**
 * Started minutes of a duration. Every block the rating counts is a whole number of minutes, so a ride
 * shown as 31 min is one that started a second 30-min block, and one shown as 30 min is not.
 */
export function startedMinutes(durationMs: number): number {
  return durationMs <= 0 ? 0 : Math.ceil(durationMs / minuteMs);
}

export function rideDurationText(durationMs: number, t: Translate): string {
  const minutes = startedMinutes(durationMs);
  if (minutes < 60) return t('rides.duration.minutes', { minutes });
  return t('rides.duration.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

export function rideVehicleText(ride: DescribedRide, locale: Locale, t: Translate): string {
  if (ride.vehicleType === 'car') {
    const name = (locale === 'de' ? ride.vehicleClassNameDe : ride.vehicleClassNameEn) ?? ride.vehicleClass ?? '';
    return t('rides.vehicle.car', { class: name });
  }
  const electric = ride.breakdown.kind === 'bike' ? ride.breakdown.electric : isElectricAssisted(ride.propulsionTypes);
  return t(electric ? 'rides.vehicle.e-bike' : 'rides.vehicle.bike');
}

/** A distance in km with one decimal (`12,4`), or null for a bike: the page shows distances of cars only. */
export function rideKilometres(ride: DescribedRide, locale: Locale): string | null {
  if (ride.vehicleType !== 'car' || ride.distanceMeters === null) return null;
  return numberFormat(intlLocale(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    ride.distanceMeters / 1000,
  );
}

/** The lines that say how the price was made, in the order the rating applied them. */
export function rideExplanation(breakdown: BikeBreakdown | CarBreakdown, locale: Locale, t: Translate): string[] {
  const euro = (cents: number) => formatEuro(cents, locale);
  if (breakdown.kind === 'bike') {
    const lines: string[] = [];
    if (breakdown.freeMinutes > 0) lines.push(t('rides.explain.free', { minutes: breakdown.freeMinutes }));
    if (breakdown.blocks > 0) {
      lines.push(
        t('rides.explain.blocks', {
          count: breakdown.blocks,
          minutes: breakdown.blockMinutes,
          price: euro(breakdown.blockPriceCents),
          total: euro(breakdown.blocksCents),
        }),
      );
    }
    if (breakdown.surchargeBlocks > 0) {
      lines.push(
        t('rides.explain.surcharge', {
          count: breakdown.surchargeBlocks,
          minutes: breakdown.surchargeBlockMinutes,
          price: euro(breakdown.surchargeBlockPriceCents),
          total: euro(breakdown.surchargeCents),
        }),
      );
    }
    if (breakdown.capReductionCents > 0 && breakdown.dailyCapCents !== null) {
      lines.push(
        t('rides.explain.cap', {
          cap: euro(breakdown.dailyCapCents),
          day: formatDate(breakdown.day, locale),
          reduction: euro(breakdown.capReductionCents),
        }),
      );
    }
    return lines;
  }
  const lines: string[] = [];
  if (breakdown.hours > 0) {
    lines.push(
      t('rides.explain.hours', {
        count: breakdown.hours,
        price: euro(breakdown.hourPriceCents),
        total: euro(breakdown.timeCents + breakdown.capReductionCents),
      }),
    );
  }
  if (breakdown.capReductionCents > 0) {
    lines.push(
      t('rides.explain.car-cap', {
        cap: euro(breakdown.dailyCapCents),
        hours: breakdown.periodHours,
        reduction: euro(breakdown.capReductionCents),
      }),
    );
  }
  if (breakdown.km > 0) {
    lines.push(
      t('rides.explain.km', {
        count: breakdown.km,
        price: euro(breakdown.kmPriceCents),
        total: euro(breakdown.kmCents),
      }),
    );
  }
  return lines;
}

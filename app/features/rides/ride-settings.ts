import { business } from '~/config/business';

/**
 * The rating's constants, in one place (docs/rules/general.md#defaults-in-one-place). Prices of tariffs and
 * vehicle classes are operator data in the `tariffs` and `vehicle_classes` tables; how they are applied is
 * docs/decisions/0062-ride-rating.md.
 */
export const rideSettings = {
  /**
   * The e-bike surcharge on every tariff, per started block of the ride's whole duration. Its numbers stay in
   * app/config/business.ts, which the price list shows, so that the page and the rating cannot differ.
   */
  eBikeSurcharge: {
    blockPriceCents: business.eBikeSurchargeCents,
    blockMinutes: business.eBikeSurchargeBlockMinutes,
  },
  car: {
    /** A car ride is priced per started block of this length (an hour). */
    blockMinutes: 60,
    /** A vehicle class's daily cap limits the time price of each started period of this length from the ride's start. */
    capPeriodHours: 24,
  },
} as const;

/** The MDS 2.0 `propulsion_types` value that makes a bicycle an e-bike. */
export const electricAssistPropulsion = 'electric_assist';

import type { tariffs, vehicleClasses } from '~/db/schema';
import { berlinDate } from '~/platform/berlin-date';
import { electricAssistPropulsion, rideSettings } from './ride-settings';

/**
 * The rating of rides: what a ride costs, and how that price was made (docs/decisions/0062-ride-rating.md).
 *
 * Pure: no database, no clock, no I/O. The caller passes the tariff or vehicle class in force when the ride
 * started and, for bikes, what the customer's earlier rides of that Berlin day already cost. Every amount is
 * gross (VAT included) in integer euro cents (docs/rules/general.md#amounts-and-times); durations are counted
 * in whole milliseconds and distances in whole metres, so no money is ever a floating-point number.
 *
 * - Bikes: the tariff's price per started block after the free minutes (not for e-bikes), plus the e-bike
 *   surcharge per started block of the whole ride; the tariff's daily cap limits what the rides that started on
 *   one Berlin calendar day cost together, surcharges included.
 * - Cars: the vehicle class's price per started hour, capped per started 24 h from the ride's start by the
 *   class's daily cap, plus its price per started kilometre, which the cap does not limit.
 */

/** The parts of a tariff that price a bike ride (app/db/schema.ts `tariffs`). */
export type BikeTariff = Pick<
  typeof tariffs.$inferSelect,
  'ridePriceCents' | 'rideBlockMinutes' | 'freeMinutes' | 'dailyCapCents'
>;

/** The parts of a vehicle class that price a car ride (app/db/schema.ts `vehicleClasses`). */
export type CarPrices = Pick<typeof vehicleClasses.$inferSelect, 'hourCents' | 'kmCents' | 'dailyCapCents'>;

export interface BikeRide {
  startTime: Date;
  endTime: Date;
  /** An e-bike: MDS `propulsion_types` contains `electric_assist` (see `isElectricAssisted`). */
  electric: boolean;
}

export interface CarRide {
  startTime: Date;
  endTime: Date;
  /** MDS `distance`: whole metres. */
  distanceMeters: number;
}

/** How a bike ride's price was made; plain JSON, to show on the rides page and to store with the charge. */
export interface BikeBreakdown {
  kind: 'bike';
  /** The Berlin calendar day the ride started on (`yyyy-mm-dd`): the day whose cap the ride counts to. */
  day: string;
  durationMs: number;
  electric: boolean;
  /** The tariff's free minutes that applied to this ride: the tariff's, or 0 for an e-bike. */
  freeMinutes: number;
  /** The part of the ride that was free: the free minutes, or the whole ride when it was shorter. */
  freeMs: number;
  blockMinutes: number;
  blockPriceCents: number;
  /** Started blocks of the ride beyond its free minutes. */
  blocks: number;
  blocksCents: number;
  surchargeBlockMinutes: number;
  surchargeBlockPriceCents: number;
  /** Started surcharge blocks of the whole ride (0 unless electric). */
  surchargeBlocks: number;
  surchargeCents: number;
  /** Blocks and surcharge together: the price without the daily cap. */
  beforeCapCents: number;
  dailyCapCents: number | null;
  /** What the customer's rides that started earlier on `day` cost, after the cap. */
  alreadyChargedThatDayCents: number;
  /** What the daily cap took off `beforeCapCents`. */
  capReductionCents: number;
}

/** Periods of a car ride priced alike: every full 24 h, and the started rest. */
export interface CarPeriods {
  /** How many periods of this kind the ride had. */
  count: number;
  /** Started hours in each. */
  hours: number;
  /** Time price of each before the cap: hours × hour price. */
  beforeCapCents: number;
  /** Time price of each after the cap. */
  cents: number;
}

/** How a car ride's price was made; plain JSON, to show on the rides page and to store with the charge. */
export interface CarBreakdown {
  kind: 'car';
  durationMs: number;
  /** Started hours of the whole ride (the sum over its periods). */
  hours: number;
  hourPriceCents: number;
  periodHours: number;
  dailyCapCents: number;
  /** The full periods first, then the started rest; empty for a ride of no duration. */
  periods: CarPeriods[];
  /** The time price after the cap: the sum over the periods. */
  timeCents: number;
  /** What the daily cap took off the time price. */
  capReductionCents: number;
  distanceMeters: number;
  /** Started kilometres: the distance rounded up to whole km. */
  km: number;
  kmPriceCents: number;
  kmCents: number;
}

export interface RatedRide<Breakdown extends BikeBreakdown | CarBreakdown = BikeBreakdown | CarBreakdown> {
  /** What the ride costs, gross, in cents. */
  priceCents: number;
  breakdown: Breakdown;
}

export type RatedBikeRide = RatedRide<BikeBreakdown>;
export type RatedCarRide = RatedRide<CarBreakdown>;

export type RatingErrorCode =
  | 'invalid-time'
  | 'end-before-start'
  | 'invalid-amount'
  | 'invalid-minutes'
  | 'invalid-distance'
  | 'rides-out-of-order'
  | 'amount-out-of-range';

/**
 * A ride or price the rating refuses. The HTTP layer validates trips before they reach the rating, so this
 * is a programming error or corrupt data, never a customer's mistake.
 */
export class RatingError extends Error {
  readonly code: RatingErrorCode;

  constructor(code: RatingErrorCode, message: string) {
    super(message);
    this.name = 'RatingError';
    this.code = code;
  }
}

const minuteMs = 60 * 1000;

/** Whether MDS `propulsion_types` make a bicycle an e-bike. */
export function isElectricAssisted(propulsionTypes: readonly string[]): boolean {
  return propulsionTypes.includes(electricAssistPropulsion);
}

/** The Berlin calendar day (`yyyy-mm-dd`) of an instant: a bike ride counts to the cap of the day it started on. */
export function berlinDayOf(instant: Date): string {
  return berlinDate(instant);
}

/**
 * The price of one bike ride. `alreadyChargedThatDayCents` is what the customer's rides that started earlier
 * on the same Berlin day cost (after the cap); `rateBikeRides` keeps that sum for a list of rides.
 */
export function rateBikeRide(
  ride: BikeRide,
  tariff: BikeTariff,
  { alreadyChargedThatDayCents }: { alreadyChargedThatDayCents: number },
): RatedBikeRide {
  const durationMs = rideDuration(ride);
  cents('ridePriceCents', tariff.ridePriceCents);
  positiveMinutes('rideBlockMinutes', tariff.rideBlockMinutes);
  minutes('freeMinutes', tariff.freeMinutes);
  if (tariff.dailyCapCents !== null) cents('dailyCapCents', tariff.dailyCapCents);
  cents('alreadyChargedThatDayCents', alreadyChargedThatDayCents);

  // The free minutes are not for e-bikes, neither on the ride price nor on the surcharge (the price list:
  // "not for e-bikes"; docs/decisions/0062-ride-rating.md).
  const freeMinutes = ride.electric ? 0 : tariff.freeMinutes;
  const freeMs = Math.min(durationMs, freeMinutes * minuteMs);
  const blocks = startedBlocks(durationMs - freeMs, tariff.rideBlockMinutes * minuteMs);
  const blocksCents = product(blocks, tariff.ridePriceCents);

  const surcharge = rideSettings.eBikeSurcharge;
  const surchargeBlocks = ride.electric ? startedBlocks(durationMs, surcharge.blockMinutes * minuteMs) : 0;
  const surchargeCents = product(surchargeBlocks, surcharge.blockPriceCents);

  const beforeCapCents = sum(blocksCents, surchargeCents);
  const leftUnderCap =
    tariff.dailyCapCents === null ? beforeCapCents : Math.max(0, tariff.dailyCapCents - alreadyChargedThatDayCents);
  const priceCents = Math.min(beforeCapCents, leftUnderCap);

  return {
    priceCents,
    breakdown: {
      kind: 'bike',
      day: berlinDayOf(ride.startTime),
      durationMs,
      electric: ride.electric,
      freeMinutes,
      freeMs,
      blockMinutes: tariff.rideBlockMinutes,
      blockPriceCents: tariff.ridePriceCents,
      blocks,
      blocksCents,
      surchargeBlockMinutes: surcharge.blockMinutes,
      surchargeBlockPriceCents: surcharge.blockPriceCents,
      surchargeBlocks,
      surchargeCents,
      beforeCapCents,
      dailyCapCents: tariff.dailyCapCents,
      alreadyChargedThatDayCents,
      capReductionCents: beforeCapCents - priceCents,
    },
  };
}

/**
 * One customer's bike rides, sorted by start time, each with the tariff in force when it started, rated in that
 * order: each Berlin day's cap is reached by the rides that started first, whatever order the fleet system
 * delivered them in. Re-rating a day after a correction is this call on all of that day's rides. Rides with the
 * same start time keep the order given. The result is in the order of `rides`.
 */
export function rateBikeRides(rides: readonly { ride: BikeRide; tariff: BikeTariff }[]): RatedBikeRide[] {
  const chargedByDay = new Map<string, number>();
  let previousStart = -Infinity;
  return rides.map(({ ride, tariff }, index) => {
    const start = instant('startTime', ride.startTime);
    if (start < previousStart) {
      throw new RatingError('rides-out-of-order', `Ride ${index} starts before the ride before it.`);
    }
    previousStart = start;
    const day = berlinDayOf(ride.startTime);
    const rated = rateBikeRide(ride, tariff, { alreadyChargedThatDayCents: chargedByDay.get(day) ?? 0 });
    chargedByDay.set(day, sum(chargedByDay.get(day) ?? 0, rated.priceCents));
    return rated;
  });
}

/**
 * The price of one car ride by its vehicle class: per started hour, the hours of every started 24 h from the
 * ride's start capped at the class's daily cap, plus per started km, not capped (docs/decisions/0062-ride-rating.md).
 */
export function rateCarRide(ride: CarRide, vehicleClass: CarPrices): RatedCarRide {
  const durationMs = rideDuration(ride);
  cents('hourCents', vehicleClass.hourCents);
  cents('kmCents', vehicleClass.kmCents);
  cents('dailyCapCents', vehicleClass.dailyCapCents);
  if (!Number.isSafeInteger(ride.distanceMeters) || ride.distanceMeters < 0) {
    throw new RatingError('invalid-distance', `distanceMeters must be whole metres, not ${ride.distanceMeters}.`);
  }

  const blockMs = rideSettings.car.blockMinutes * minuteMs;
  const periodHours = rideSettings.car.capPeriodHours;
  const periodMs = periodHours * 60 * minuteMs;
  const fullPeriods = Math.floor(durationMs / periodMs);
  const restMs = durationMs - fullPeriods * periodMs;

  const priced = (count: number, periodDurationMs: number): CarPeriods => {
    const hours = startedBlocks(periodDurationMs, blockMs);
    const beforeCapCents = product(hours, vehicleClass.hourCents);
    return { count, hours, beforeCapCents, cents: Math.min(beforeCapCents, vehicleClass.dailyCapCents) };
  };
  const periods = [
    ...(fullPeriods > 0 ? [priced(fullPeriods, periodMs)] : []),
    ...(restMs > 0 ? [priced(1, restMs)] : []),
  ];

  const timeCents = periods.reduce((total, period) => sum(total, product(period.count, period.cents)), 0);
  const timeBeforeCapCents = periods.reduce(
    (total, period) => sum(total, product(period.count, period.beforeCapCents)),
    0,
  );
  const km = startedBlocks(ride.distanceMeters, 1000);
  const kmCents = product(km, vehicleClass.kmCents);

  return {
    priceCents: sum(timeCents, kmCents),
    breakdown: {
      kind: 'car',
      durationMs,
      hours: periods.reduce((total, period) => total + period.count * period.hours, 0),
      hourPriceCents: vehicleClass.hourCents,
      periodHours,
      dailyCapCents: vehicleClass.dailyCapCents,
      periods,
      timeCents,
      capReductionCents: timeBeforeCapCents - timeCents,
      distanceMeters: ride.distanceMeters,
      km,
      kmPriceCents: vehicleClass.kmCents,
      kmCents,
    },
  };
}

/**
 * Started blocks of a duration: 0 for none, else every begun block counts (29:59, 30:00 → 1; 30:01 → 2 of
 * 30 min). Integer arithmetic on safe integers, exact.
 */
function startedBlocks(amount: number, blockSize: number): number {
  if (amount <= 0) return 0;
  return Math.floor((amount - 1) / blockSize) + 1;
}

function instant(name: string, value: Date): number {
  const time = value instanceof Date ? value.getTime() : Number.NaN;
  if (!Number.isSafeInteger(time)) throw new RatingError('invalid-time', `${name} is not a valid instant.`);
  return time;
}

function rideDuration(ride: { startTime: Date; endTime: Date }): number {
  const durationMs = instant('endTime', ride.endTime) - instant('startTime', ride.startTime);
  if (durationMs < 0) throw new RatingError('end-before-start', 'The ride ends before it starts.');
  if (!Number.isSafeInteger(durationMs)) throw new RatingError('invalid-time', 'The ride is too long to rate.');
  return durationMs;
}

function cents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RatingError('invalid-amount', `${name} must be whole, non-negative cents, not ${value}.`);
  }
}

function minutes(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RatingError('invalid-minutes', `${name} must be whole, non-negative minutes, not ${value}.`);
  }
}

function positiveMinutes(name: string, value: number): void {
  minutes(name, value);
  if (value === 0) throw new RatingError('invalid-minutes', `${name} must be at least one minute.`);
}

function product(count: number, priceCents: number): number {
  return safe(count * priceCents);
}

function sum(a: number, b: number): number {
  return safe(a + b);
}

function safe(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents)) {
    throw new RatingError('amount-out-of-range', 'The amount is too large to be exact in cents.');
  }
  return amountCents;
}

import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { creditLedger, customers, trips, vehicleClasses } from '~/db/schema';
import type { FeatureContext } from '~/feature-context';
import { settleContract } from '~/features/contract/public.server';
import { berlinDayOf, isElectricAssisted, rateBikeRides, rateCarRide, type RatedRide } from './rating';
import { tariffHistory } from './tariff-in-force.server';
import type { FleetTrip } from './trip-schema';

/**
 * Booking the trips the fleet system sends (docs/rules/rides-and-charges.md#trips-in and #rating-and-booking).
 *
 * Each trip is booked in a transaction of its own that first locks the customer row, so that deliveries for one
 * customer, the same trip sent twice at once among them, run one after the other; the unique `trip_id` keeps a
 * second row out where there is no customer to lock. The trip is stored (or corrected), then its customer's bike
 * rides of its Berlin start day (and of the day it moved away from) are rated again in start order with
 * `rateBikeRides`, a car ride alone with `rateCarRide`; wherever a ride's price differs from what the ledger holds
 * for it (`trips.charged_cents`), the difference is booked as a `ride_charge` with the reference `trip:<trip_id>`
 * in the same transaction. Delivered in any order, the same trips end with the same bookings.
 */

export type TripStatus = 'booked' | 'unchanged' | 'corrected' | 'kept';

export interface TripResult {
  tripId: string;
  status: TripStatus;
}

/** `config.brand` says which vehicles the trips may be of. */
export type TripsContext = Pick<FeatureContext, 'db' | 'config'>;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type TripRow = typeof trips.$inferSelect;

/** Books each trip in turn (already checked: app/features/rides/trip-schema.ts) and says what became of it. */
export async function receiveTrips(
  { db, config }: TripsContext,
  received: readonly FleetTrip[],
  { now }: { now: Date },
): Promise<TripResult[]> {
  const vehicleType = config.brand === 'cab' ? 'bicycle' : 'car';
  const foreign = received.find((trip) => trip.vehicleType !== vehicleType);
  // The route refuses such a trip (trip-schema.ts); here it is a caller's mistake.
  if (foreign)
    throw new Error(`Trip ${foreign.tripId} is a ${foreign.vehicleType}; ${config.brand} rents out ${vehicleType}s.`);
  const results: TripResult[] = [];
  for (const trip of received) {
    results.push({ tripId: trip.tripId, status: await db.transaction((tx) => receiveTrip(tx, trip, now)) });
  }
  return results;
}

async function receiveTrip(tx: Tx, trip: FleetTrip, now: Date): Promise<TripStatus> {
  // The lock that serialises every booking of this customer (docs/rules/rides-and-charges.md#rating-and-booking).
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.customerNumber, trip.customerNumber))
    .for('update');
  const customerId = customer?.id ?? null;
  // Tariff changes whose day has come apply before rating: a downgrade waits as `pending` until the
  // contract is next read, and the ride must be rated by the tariff in force when it started.
  if (customerId) await settleContract(tx, customerId, now);
  const values = columnsOf(trip);

  let [existing] = await tx.select().from(trips).where(eq(trips.tripId, trip.tripId)).for('update');
  if (!existing) {
    const inserted = await tx
      .insert(trips)
      .values({ ...values, customerId, receivedAt: now, updatedAt: now })
      .onConflictDoNothing({ target: trips.tripId })
      .returning();
    if (inserted[0]) {
      if (!customerId) return 'kept';
      await rate(tx, customerId, inserted[0], [], now);
      return 'booked';
    }
    // Stored at the same moment by another delivery that locked no customer (or another one): judge against it.
    [existing] = await tx.select().from(trips).where(eq(trips.tripId, trip.tripId)).for('update');
    if (!existing) throw new Error(`Trip ${trip.tripId} neither inserted nor found.`);
  }

  if (existing.customerId === customerId && sameValues(existing, values)) return 'unchanged';

  const movedFromCustomer = existing.customerId !== null && existing.customerId !== customerId;
  if (movedFromCustomer) {
    // The fleet corrected the customer number: the former customer gets back what this trip cost them.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, existing.customerId!)).for('update');
    if (existing.chargedCents !== 0) {
      await tx.insert(creditLedger).values({
        customerId: existing.customerId!,
        kind: 'ride_charge',
        amountCents: existing.chargedCents,
        reference: tripReference(existing.tripId),
        createdAt: now,
      });
    }
  }
  const [updated] = await tx
    .update(trips)
    .set({
      ...values,
      customerId,
      revision: sql`${trips.revision} + 1`,
      updatedAt: now,
      ...(movedFromCustomer || !customerId
        ? { chargedCents: 0, priceCents: null, breakdown: null, tariffId: null }
        : {}),
    })
    .where(eq(trips.id, existing.id))
    .returning();
  if (movedFromCustomer && existing.vehicleType === 'bicycle') {
    await rerateBikeDays(tx, existing.customerId!, [berlinDayOf(existing.startTime)], now);
  }
  if (!customerId) return 'kept';
  const formerDays = !movedFromCustomer && existing.customerId ? [berlinDayOf(existing.startTime)] : [];
  await rate(tx, customerId, updated!, formerDays, now);
  return existing.customerId === null ? 'booked' : 'corrected';
}

/** Rates a known customer's trip: a car ride alone, a bike ride with the rest of its day (and of `formerDays`). */
async function rate(tx: Tx, customerId: string, trip: TripRow, formerDays: string[], now: Date): Promise<void> {
  if (trip.vehicleType === 'car') {
    const [prices] = await tx
      .select()
      .from(vehicleClasses)
      .where(eq(vehicleClasses.id, trip.vehicleClass ?? ''));
    // The route checked the class against the brand's; one removed since cannot be rated.
    if (!prices) throw new Error(`Vehicle class ${trip.vehicleClass} of trip ${trip.tripId} is unknown.`);
    const rated = rateCarRide(
      { startTime: trip.startTime, endTime: trip.endTime, distanceMeters: trip.distanceMeters ?? 0 },
      prices,
    );
    await book(tx, trip, rated, null, now);
    return;
  }
  await rerateBikeDays(tx, customerId, [...new Set([berlinDayOf(trip.startTime), ...formerDays])], now);
}

const hourMs = 60 * 60 * 1000;

/**
 * Rates a customer's bike rides of each Berlin day again, in start order (equal starts by trip id, so the order
 * does not depend on the order of delivery), each by the tariff in force when it started, and books every difference.
 */
async function rerateBikeDays(tx: Tx, customerId: string, days: readonly string[], now: Date): Promise<void> {
  const history = await tariffHistory(tx, customerId);
  for (const day of days) {
    // A Berlin day lies within [its date 00:00 UTC − 3 h, the next date 00:00 UTC); the exact day is checked below.
    const midnightUtc = Date.parse(`${day}T00:00:00Z`);
    const rows = await tx
      .select()
      .from(trips)
      .where(
        and(
          eq(trips.customerId, customerId),
          eq(trips.vehicleType, 'bicycle'),
          gte(trips.startTime, new Date(midnightUtc - 3 * hourMs)),
          lt(trips.startTime, new Date(midnightUtc + 24 * hourMs)),
        ),
      )
      .orderBy(asc(trips.startTime), asc(trips.tripId));
    const rides = rows
      .filter((row) => berlinDayOf(row.startTime) === day)
      .map((row) => ({ row, tariff: history.at(row.startTime) }));
    // Every customer has a contract from registration on; a ride without a tariff is left unrated.
    const rateable = rides.filter((ride) => ride.tariff !== null);
    const rated = rateBikeRides(
      rateable.map(({ row, tariff }) => ({
        ride: { startTime: row.startTime, endTime: row.endTime, electric: isElectricAssisted(row.propulsionTypes) },
        tariff: tariff!,
      })),
    );
    for (const [index, { row, tariff }] of rateable.entries()) {
      await book(tx, row, rated[index]!, tariff!.id, now);
    }
  }
}

/** Books the difference between a ride's new price and what the ledger holds for it, and stores the rating. */
async function book(tx: Tx, trip: TripRow, rated: RatedRide, tariffId: string | null, now: Date): Promise<void> {
  const difference = rated.priceCents - trip.chargedCents;
  if (difference !== 0) {
    await tx.insert(creditLedger).values({
      customerId: trip.customerId!,
      kind: 'ride_charge',
      amountCents: -difference,
      reference: tripReference(trip.tripId),
      createdAt: now,
    });
  }
  const unchanged =
    difference === 0 &&
    trip.priceCents === rated.priceCents &&
    trip.tariffId === tariffId &&
    JSON.stringify(trip.breakdown) === JSON.stringify(rated.breakdown);
  if (unchanged) return;
  await tx
    .update(trips)
    .set({
      priceCents: rated.priceCents,
      chargedCents: rated.priceCents,
      breakdown: rated.breakdown,
      tariffId,
      updatedAt: now,
    })
    .where(eq(trips.id, trip.id));
}

/** The ledger's reference of a trip's charges: what the customer sees next to the amount. */
export function tripReference(tripId: string): string {
  return `trip:${tripId}`;
}

function columnsOf(trip: FleetTrip) {
  return {
    tripId: trip.tripId,
    customerNumber: trip.customerNumber,
    deviceId: trip.deviceId,
    vehicleType: trip.vehicleType,
    propulsionTypes: trip.propulsionTypes,
    vehicleClass: trip.vehicleClass,
    startTime: trip.startTime,
    endTime: trip.endTime,
    startLocation: trip.startLocation,
    endLocation: trip.endLocation,
    distanceMeters: trip.distanceMeters,
  };
}

function sameValues(row: TripRow, values: ReturnType<typeof columnsOf>): boolean {
  const sameLocation = (a: { lat: number; lng: number } | null, b: { lat: number; lng: number } | null) =>
    a === b || (a !== null && b !== null && a.lat === b.lat && a.lng === b.lng);
  return (
    row.customerNumber === values.customerNumber &&
    row.deviceId === values.deviceId &&
    row.vehicleType === values.vehicleType &&
    row.propulsionTypes.join(',') === values.propulsionTypes.join(',') &&
    row.vehicleClass === values.vehicleClass &&
    row.startTime.getTime() === values.startTime.getTime() &&
    row.endTime.getTime() === values.endTime.getTime() &&
    sameLocation(row.startLocation, values.startLocation) &&
    sameLocation(row.endLocation, values.endLocation) &&
    row.distanceMeters === values.distanceMeters
  );
}

import { fleetTrips } from '~/config/fleet';
import { z } from '~/platform/validation';

/**
 * What the fleet system sends to `POST /api/fleet/trips` and how it is checked before anything is stored
 * (docs/rules/rides-and-charges.md#trips-in). Field names follow the Mobility Data Specification 2.0 `trips`;
 * `customer_number` and, for cars, `vehicle_class` are ours. Pure: the caller passes the brand, its vehicle
 * classes and the time of receipt.
 */

export const propulsionTypes = [
  'human',
  'electric_assist',
  'electric',
  'combustion',
  'hybrid',
  'hydrogen_fuel_cell',
] as const;
export type PropulsionType = (typeof propulsionTypes)[number];

export interface Location {
  lat: number;
  lng: number;
}

/** One ended trip, checked: the shape `receiveTrips` books (app/features/rides/trips.server.ts). */
export interface FleetTrip {
  /** MDS `trip_id`, lower case. */
  tripId: string;
  deviceId: string;
  vehicleType: 'bicycle' | 'car';
  propulsionTypes: PropulsionType[];
  startTime: Date;
  endTime: Date;
  startLocation: Location | null;
  endLocation: Location | null;
  /** Whole metres; always set for cars, optional for bikes. */
  distanceMeters: number | null;
  customerNumber: string;
  /** Cars only: an id of the brand's `vehicle_classes`. */
  vehicleClass: string | null;
}

/** Why a body was refused: the trip's index in the batch (null for the body as a whole) and the field. */
export interface TripRefusal {
  trip: number | null;
  field: string;
  message: string;
}

export type TripsParse = { ok: true; trips: FleetTrip[] } | { ok: false; refusal: TripRefusal };

const minuteMs = 60 * 1000;
/** The earliest start taken: no trip of this fleet is older. */
export const earliestTripStart = Date.UTC(2020, 0, 1);
/** How far a trip's end may lie ahead of the receiving clock (the fleet's clock may run a little fast). */
export const maxClockAheadMs = 5 * minuteMs;
/** The longest trip taken. */
export const maxTripMs = 7 * 24 * 60 * minuteMs;
export const maxDistanceMeters = 2_000_000;

const epochMs = z.number().check(z.int(), z.gte(earliestTripStart), z.lte(Date.UTC(2100, 0, 1)));
const location = z.object({
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
});

const tripSchema = z.object({
  trip_id: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)),
  // Printable ASCII, no blank at either end.
  device_id: z.string().check(z.regex(/^[\x21-\x7e](?:[\x20-\x7e]{0,62}[\x21-\x7e])?$/)),
  vehicle_type: z.enum(['bicycle', 'car']),
  propulsion_types: z.array(z.enum(propulsionTypes)).check(z.minLength(1), z.maxLength(4)),
  start_time: epochMs,
  end_time: epochMs,
  start_location: z.optional(z.nullable(location)),
  end_location: z.optional(z.nullable(location)),
  distance: z.optional(z.nullable(z.number().check(z.int(), z.gte(0), z.lte(maxDistanceMeters)))),
  customer_number: z.string().check(z.regex(/^\d{4,12}$/)),
  vehicle_class: z.optional(z.nullable(z.string().check(z.regex(/^[a-z0-9-]{1,32}$/)))),
});

export interface TripChecks {
  brand: 'cab' | 'flinkster';
  /** The ids of the brand's `vehicle_classes`. */
  vehicleClassIds: readonly string[];
  /** When the body arrived. */
  now: Date;
}

/**
 * A parsed JSON body: one trip, or `{"trips": [...]}` with 1 to 100. Every trip is checked; the first refused one
 * refuses the body, so a batch is stored whole or not at all.
 */
export function parseTripsBody(body: unknown, checks: TripChecks): TripsParse {
  const isBatch = typeof body === 'object' && body !== null && !Array.isArray(body) && 'trips' in body;
  const list = isBatch ? (body as { trips: unknown }).trips : [body];
  if (!Array.isArray(list) || list.length === 0 || list.length > fleetTrips.maxBatch) {
    return {
      ok: false,
      refusal: { trip: null, field: 'trips', message: `between 1 and ${fleetTrips.maxBatch} trips expected` },
    };
  }
  const trips: FleetTrip[] = [];
  const seen = new Set<string>();
  for (const [index, item] of list.entries()) {
    const checked = parseTrip(item, checks);
    if (!checked.ok) return { ok: false, refusal: { trip: index, ...checked.refusal } };
    if (seen.has(checked.trip.tripId)) {
      return { ok: false, refusal: { trip: index, field: 'trip_id', message: 'the same trip twice in one body' } };
    }
    seen.add(checked.trip.tripId);
    trips.push(checked.trip);
  }
  return { ok: true, trips };
}

function parseTrip(
  item: unknown,
  { brand, vehicleClassIds, now }: TripChecks,
): { ok: true; trip: FleetTrip } | { ok: false; refusal: Omit<TripRefusal, 'trip'> } {
  const parsed = tripSchema.safeParse(item);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, refusal: { field: issue.path.map(String).join('.') || 'trip', message: issue.message } };
  }
  const trip = parsed.data;
  const refuse = (field: string, message: string) => ({ ok: false as const, refusal: { field, message } });
  const vehicleType = brand === 'cab' ? 'bicycle' : 'car';
  if (trip.vehicle_type !== vehicleType) return refuse('vehicle_type', `this brand rents out ${vehicleType}s only`);
  if (trip.end_time < trip.start_time) return refuse('end_time', 'before start_time');
  if (trip.end_time > now.getTime() + maxClockAheadMs) return refuse('end_time', 'in the future');
  if (trip.end_time - trip.start_time > maxTripMs) return refuse('end_time', 'more than 7 days after start_time');
  if (vehicleType === 'car') {
    if (trip.distance === undefined || trip.distance === null) return refuse('distance', 'required for cars');
    if (!trip.vehicle_class || !vehicleClassIds.includes(trip.vehicle_class)) {
      return refuse('vehicle_class', `one of ${vehicleClassIds.join(', ')} expected`);
    }
  } else if (trip.vehicle_class) {
    return refuse('vehicle_class', 'for cars only');
  }
  return {
    ok: true,
    trip: {
      tripId: trip.trip_id.toLowerCase(),
      deviceId: trip.device_id,
      vehicleType,
      propulsionTypes: trip.propulsion_types,
      startTime: new Date(trip.start_time),
      endTime: new Date(trip.end_time),
      startLocation: trip.start_location ?? null,
      endLocation: trip.end_location ?? null,
      distanceMeters: trip.distance ?? null,
      customerNumber: trip.customer_number,
      vehicleClass: trip.vehicle_class ?? null,
    },
  };
}

import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { trips, vehicleClasses } from '~/db/schema';
import type { BikeBreakdown, CarBreakdown } from './rating';
import { ridesPageSettings } from './rides-page-settings';

/** One rated ride of a customer, as the rides page and its CSV show it. */
export interface RideEntry {
  id: string;
  tripId: string;
  vehicleType: 'bicycle' | 'car';
  propulsionTypes: string[];
  vehicleClass: string | null;
  vehicleClassNameDe: string | null;
  vehicleClassNameEn: string | null;
  startTime: Date;
  endTime: Date;
  distanceMeters: number | null;
  priceCents: number;
  breakdown: BikeBreakdown | CarBreakdown;
}

export interface RidesPage {
  rides: RideEntry[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
  total: number;
}

const rideColumns = {
  id: trips.id,
  tripId: trips.tripId,
  vehicleType: trips.vehicleType,
  propulsionTypes: trips.propulsionTypes,
  vehicleClass: trips.vehicleClass,
  vehicleClassNameDe: vehicleClasses.nameDe,
  vehicleClassNameEn: vehicleClasses.nameEn,
  startTime: trips.startTime,
  endTime: trips.endTime,
  distanceMeters: trips.distanceMeters,
  priceCents: trips.priceCents,
  breakdown: trips.breakdown,
};

/**
 * The customer's rides: their own trips (never another customer's, never an unknown customer's), and only
 * rated ones, whose price and breakdown exist.
 */
function customersRides(customerId: string) {
  return and(eq(trips.customerId, customerId), isNotNull(trips.priceCents), isNotNull(trips.breakdown));
}

type RideRow = Omit<RideEntry, 'priceCents' | 'breakdown'> & { priceCents: number | null; breakdown: unknown };

function entry(row: RideRow): RideEntry {
  // Both are not null by the query's condition; the breakdown is what rating.ts made (trips.breakdown).
  return { ...row, priceCents: row.priceCents ?? 0, breakdown: row.breakdown as BikeBreakdown | CarBreakdown };
}

/** One page of the customer's rides, newest start first (ties broken by id, so pages never overlap). */
export async function ridesPage(
  db: Database,
  customerId: string,
  requestedPage: number,
  pageSize: number = ridesPageSettings.pageSize,
): Promise<RidesPage> {
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(trips)
    .where(customersRides(customerId));
  const total = Number(count?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Number.isInteger(requestedPage) ? requestedPage : 1), pageCount);
  const rows = await db
    .select(rideColumns)
    .from(trips)
    .leftJoin(vehicleClasses, eq(vehicleClasses.id, trips.vehicleClass))
    .where(customersRides(customerId))
    .orderBy(desc(trips.startTime), desc(trips.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rides: rows.map(entry), page, pageCount, total };
}

/** The customer's rides for the CSV download, newest first, bounded so that a download stays small. */
export async function allRides(
  db: Database,
  customerId: string,
  limit: number = ridesPageSettings.csvMaxRows,
): Promise<RideEntry[]> {
  const rows = await db
    .select(rideColumns)
    .from(trips)
    .leftJoin(vehicleClasses, eq(vehicleClasses.id, trips.vehicleClass))
    .where(customersRides(customerId))
    .orderBy(desc(trips.startTime), desc(trips.id))
    .limit(limit);
  return rows.map(entry);
}

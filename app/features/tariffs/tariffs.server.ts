import { asc, eq, and } from 'drizzle-orm';
import type { Brand } from '~/config/brand';
import type { Database } from '~/db/client.server';
import { tariffs, vehicleClasses } from '~/db/schema';

export type Tariff = typeof tariffs.$inferSelect;
export type VehicleClass = typeof vehicleClasses.$inferSelect;

/** The tariffs a brand offers, in the operator's order. */
export function listTariffs(db: Database, brand: Brand): Promise<Tariff[]> {
  return db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.brand, brand), eq(tariffs.active, true)))
    .orderBy(asc(tariffs.sortOrder));
}

export function listVehicleClasses(db: Database, brand: Brand): Promise<VehicleClass[]> {
  return db.select().from(vehicleClasses).where(eq(vehicleClasses.brand, brand)).orderBy(asc(vehicleClasses.sortOrder));
}

/** One active tariff of the brand, or undefined (an id from a form is never trusted on its own). */
export async function findTariff(db: Database, brand: Brand, id: string): Promise<Tariff | undefined> {
  const [tariff] = await db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.id, id), eq(tariffs.brand, brand), eq(tariffs.active, true)));
  return tariff;
}

import type { Database } from '../client.server';
import { redirects, tariffs, vehicleClasses } from '../schema';
import { redirectSeed, tariffSeed, vehicleClassSeed } from './reference-data';

/**
 * Reference data every installation needs (tariffs, car classes, known redirects). Idempotent and
 * additive: rows an operator changed stay as they are.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(tariffs).values(tariffSeed).onConflictDoNothing();
    await tx.insert(vehicleClasses).values(vehicleClassSeed).onConflictDoNothing();
    await tx.insert(redirects).values(redirectSeed).onConflictDoNothing();
  });
}

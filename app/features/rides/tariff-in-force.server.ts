import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { contracts, tariffChanges, tariffs } from '~/db/schema';
import { berlinDate } from '~/platform/berlin-date';

/**
 * Which tariff a customer's ride is rated by: the one in force when it started
 * (docs/rules/rides-and-charges.md#rating-and-booking). The contract's history is its applied tariff changes
 * (app/db/schema.ts `tariff_changes`): before the first one the contract had that change's `from` tariff, after
 * each one its `to` tariff. A change is in force from the start of its effective Berlin day, but not before it was
 * requested: an upgrade, applied at once, counts from the moment it was made (the day's earlier rides keep the old
 * tariff, docs/decisions/0062-ride-rating.md), a downgrade that waited counts from midnight of its day.
 */

export type Tariff = typeof tariffs.$inferSelect;

export interface TariffHistory {
  /** The tariff in force at `instant`; null when the customer has no contract. */
  at(instant: Date): Tariff | null;
}

type Db = Pick<Database, 'select'>;

export async function tariffHistory(db: Db, customerId: string): Promise<TariffHistory> {
  const [contract] = await db
    .select({ id: contracts.id, tariffId: contracts.tariffId })
    .from(contracts)
    .where(eq(contracts.customerId, customerId));
  if (!contract) return { at: () => null };
  const changes = await db
    .select({
      fromTariffId: tariffChanges.fromTariffId,
      toTariffId: tariffChanges.toTariffId,
      effectiveDate: tariffChanges.effectiveDate,
      requestedAt: tariffChanges.requestedAt,
    })
    .from(tariffChanges)
    .where(and(eq(tariffChanges.contractId, contract.id), eq(tariffChanges.state, 'applied')))
    .orderBy(asc(tariffChanges.effectiveDate), asc(tariffChanges.requestedAt));
  const ids = new Set([contract.tariffId, ...changes.flatMap((change) => [change.fromTariffId, change.toTariffId])]);
  const rows = await db
    .select()
    .from(tariffs)
    .where(inArray(tariffs.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    at(instant) {
      if (changes.length === 0) return byId.get(contract.tariffId) ?? null;
      const day = berlinDate(instant);
      let tariffId = changes[0]!.fromTariffId;
      for (const change of changes) {
        const inForce =
          day > change.effectiveDate ||
          (day === change.effectiveDate && instant.getTime() >= change.requestedAt.getTime());
        if (!inForce) break;
        tariffId = change.toTariffId;
      }
      return byId.get(tariffId) ?? null;
    },
  };
}

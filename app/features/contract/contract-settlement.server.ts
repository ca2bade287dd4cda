import { and, asc, eq, gt, lt, lte, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { preparedFor } from '~/db/prepared.server';
import { contracts, tariffChanges } from '~/db/schema';
import { berlinDate } from '~/platform/berlin-date';
import { contractFinished } from './contract-state';

/**
 * Time-driven contract changes, carried out lazily whenever a contract is read or changed rather than
 * by a scheduler: a pending tariff change applies from its effective date, a cancelled contract ends
 * after its end date. Every reader sees the same result, whichever instance reads first. Every
 * self-service page settles first, so the common case (nothing due) is one indexed read.
 */
export async function settleContract(db: Database, customerId: string, now: Date = new Date()): Promise<void> {
  const today = berlinDate(now);
  const [contract] = await contractToSettle(db).execute({ customerId, today });
  if (!contract) return;
  if (contract.tariffChangeDue) await applyDueTariffChanges(db, contract.id, now);
  if (contract.state === 'cancellation_requested' && contract.endDate !== null && contract.endDate < today) {
    await endContract(db, contract.id, now);
  }
}

/** The customer's contract and whether a tariff change of it is due: every self-service page asks. */
const contractToSettle = preparedFor((db) =>
  db
    .select({
      id: contracts.id,
      state: contracts.state,
      endDate: contracts.endDate,
      tariffChangeDue: sql<boolean>`exists (${db
        .select({ id: tariffChanges.id })
        .from(tariffChanges)
        .where(dueTariffChanges(contracts.id, sql.placeholder('today')))})`,
    })
    .from(contracts)
    .where(eq(contracts.customerId, sql.placeholder('customerId')))
    .prepare('contract_to_settle'),
);

/** The contract's pending tariff changes whose day has come. */
function dueTariffChanges(contractId: string | typeof contracts.id, today: string | Placeholder) {
  return and(
    eq(tariffChanges.contractId, contractId),
    eq(tariffChanges.state, 'pending'),
    lte(tariffChanges.effectiveDate, today),
  );
}

/**
 * Applies the contract's pending tariff changes whose day has come: the contract gets the new tariff,
 * its term counting from the change's effective date. A change that would start after the contract's
 * end date, or on an ended contract, never applies and is marked withdrawn. Returns the number of
 * changes applied.
 */
export async function applyDueTariffChanges(db: Database, contractId: string, now: Date = new Date()): Promise<number> {
  const due = dueTariffChanges(contractId, berlinDate(now));
  return db.transaction(async (tx) => {
    // The contract row's lock orders this against a concurrent change, cancellation or second reader.
    const [contract] = await tx.select().from(contracts).where(eq(contracts.id, contractId)).for('update');
    if (!contract) return 0;
    const changes = await tx.select().from(tariffChanges).where(due).orderBy(asc(tariffChanges.effectiveDate));
    let applied = 0;
    for (const change of changes) {
      const afterEnd =
        contractFinished(contract.state) || (contract.endDate !== null && change.effectiveDate > contract.endDate);
      if (afterEnd) {
        await tx
          .update(tariffChanges)
          .set({ state: 'withdrawn', settledAt: now })
          .where(eq(tariffChanges.id, change.id));
        continue;
      }
      await tx
        .update(contracts)
        .set({ tariffId: change.toTariffId, tariffSince: change.effectiveDate })
        .where(eq(contracts.id, contractId));
      await tx.update(tariffChanges).set({ state: 'applied', settledAt: now }).where(eq(tariffChanges.id, change.id));
      applied++;
    }
    return applied;
  });
}

/** Ends a contract whose end date has passed; tariff changes that would have started later lapse. */
async function endContract(db: Database, contractId: string, now: Date): Promise<void> {
  const today = berlinDate(now);
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(contracts)
      .set({ state: 'ended' })
      .where(
        and(eq(contracts.id, contractId), eq(contracts.state, 'cancellation_requested'), lt(contracts.endDate, today)),
      )
      .returning({ endDate: contracts.endDate });
    if (!ended?.endDate) return;
    await tx
      .update(tariffChanges)
      .set({ state: 'withdrawn', settledAt: now })
      .where(
        and(
          eq(tariffChanges.contractId, contractId),
          eq(tariffChanges.state, 'pending'),
          gt(tariffChanges.effectiveDate, ended.endDate),
        ),
      );
  });
}

import { and, eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { contracts, customers, tariffChanges, tariffs } from '~/db/schema';
import type { Tariff } from '~/features/tariffs/public.server';
import { berlinDate } from '~/platform/berlin-date';
import { latestDeclaration } from './cancellation.server';
import { contractFinished, type ContractState } from './contract-state';
import { withdrawalDeadline, withinWithdrawalPeriod } from './withdrawal-rules';
import { downgradeEffectiveDate, earliestEndDate, firstTermEnd } from './cancellation-rules';

/** What the contract, tariff and cancel pages show of the logged-in customer's contract. */
export interface ContractOverview {
  state: ContractState;
  startDate: string;
  tariffSince: string;
  /** Last day of a cancelled or ended contract. */
  endDate: string | null;
  tariff: Tariff;
  /** Last day of an annual tariff's first term. */
  firstTermEnd: string | null;
  /** The earliest end if cancelled today (null once the contract has ended). */
  earliestEndDate: string | null;
  /** The last day the contract can be withdrawn (docs/rules/contract-and-cancellation.md#withdrawal). */
  withdrawalDeadline: string;
  /** Whether a withdrawal sent today is in time. */
  withdrawalOpen: boolean;
  /** The first day a downgrade ordered today would apply. */
  downgradeDate: string;
  cancellation: { reference: string; receivedAt: string } | null;
  pendingChange: { toTariff: Tariff; effectiveDate: string } | null;
}

/**
 * The customer's contract as it stands: scoped to `customerId` only, never to an id from the
 * request. Its due changes were carried out before (the auth guard settles the contract once per
 * request, app/routes/guards/auth.tsx); `now` only dates the earliest end.
 */
export async function loadContract(
  db: Database,
  customerId: string,
  now: Date = new Date(),
): Promise<ContractOverview | null> {
  const [row] = await db
    .select({ contract: contracts, tariff: tariffs })
    .from(contracts)
    .innerJoin(tariffs, eq(tariffs.id, contracts.tariffId))
    .where(eq(contracts.customerId, customerId));
  if (!row) return null;
  const { contract, tariff } = row;
  const today = berlinDate(now);
  const [pending] = await db
    .select({ change: tariffChanges, toTariff: tariffs })
    .from(tariffChanges)
    .innerJoin(tariffs, eq(tariffs.id, tariffChanges.toTariffId))
    .where(and(eq(tariffChanges.contractId, contract.id), eq(tariffChanges.state, 'pending')));
  const declaration = contract.state === 'cancellation_requested' ? await latestDeclaration(db, contract.id) : null;
  return {
    state: contract.state,
    startDate: contract.startDate,
    tariffSince: contract.tariffSince,
    endDate: contract.endDate,
    tariff,
    firstTermEnd: firstTermEnd(tariff, contract.tariffSince),
    earliestEndDate: contractFinished(contract.state) ? null : earliestEndDate(tariff, contract.tariffSince, today),
    withdrawalDeadline: withdrawalDeadline(contract.startDate),
    withdrawalOpen: !contractFinished(contract.state) && withinWithdrawalPeriod(contract.startDate, today),
    downgradeDate: downgradeEffectiveDate(tariff, contract.tariffSince, today),
    cancellation: declaration
      ? { reference: declaration.reference, receivedAt: declaration.receivedAt.toISOString() }
      : null,
    pendingChange: pending ? { toTariff: pending.toTariff, effectiveDate: pending.change.effectiveDate } : null,
  };
}

/** Name, email and customer number, to prefill the cancellation form of a logged-in customer. */
export async function declarantDefaults(db: Database, customerId: string) {
  const [customer] = await db
    .select({
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      customerNumber: customers.customerNumber,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return null;
  return {
    name: `${customer.firstName} ${customer.lastName}`,
    email: customer.email,
    customerNumber: customer.customerNumber,
  };
}

import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '~/db/client.server';
import { preparedFor } from '~/db/prepared.server';
import { contracts, creditLedger, customers, paymentMethods, tariffChanges, tariffs } from '~/db/schema';
import { contractFinished, type ContractState } from '~/features/contract/public.server';

export type OutstandingAction =
  'verify-email' | 'add-payment-method' | 'pending-tariff-change' | 'pending-cancellation' | 'negative-balance';

export interface Overview {
  contact: { firstName: string; lastName: string; email: string; phoneE164: string; addressText: string };
  emailVerified: boolean;
  contract: {
    state: ContractState;
    endDate: string | null;
    tariff: { nameDe: string; nameEn: string };
  } | null;
  pendingTariffChange: { effectiveDate: string; tariff: { nameDe: string; nameEn: string } } | null;
  balanceCents: number;
  /** Only what may be shown: for SEPA the IBAN's last four digits, never the IBAN. */
  paymentMethod: { kind: 'sepa' | 'card' | 'paypal'; ibanLast4: string | null; label: string | null } | null;
  actions: OutstandingAction[];
}

/**
 * Everything the self-service start page shows of one customer, scoped to `customerId` only, in one
 * query: with the embedded database every query costs its own parse and plan, so one round trip
 * instead of five is most of what the page costs (bench/overview-vs-floor.mjs). The joins
 * add no rows: contract, pending tariff change and active payment method are each unique per
 * customer (unique indexes); the balance is a sum. Null when the customer no longer exists (the
 * session outlived the account). The contract was settled before, by the auth guard
 * (app/routes/guards/auth.tsx).
 */
const overviewRow = preparedFor((db) => {
  const newTariff = alias(tariffs, 'new_tariff');
  return db
    .select({
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phoneE164: customers.phoneE164,
      addressText: customers.addressText,
      emailVerifiedAt: customers.emailVerifiedAt,
      contractState: contracts.state,
      contractEndDate: contracts.endDate,
      tariffNameDe: tariffs.nameDe,
      tariffNameEn: tariffs.nameEn,
      changeEffectiveDate: tariffChanges.effectiveDate,
      changeNameDe: newTariff.nameDe,
      changeNameEn: newTariff.nameEn,
      balanceCents: sql<string>`(select coalesce(sum(${creditLedger.amountCents}), 0) from ${creditLedger} where ${creditLedger.customerId} = ${customers.id})`,
      methodKind: paymentMethods.kind,
      methodIban: paymentMethods.iban,
      methodLabel: paymentMethods.label,
    })
    .from(customers)
    .leftJoin(contracts, eq(contracts.customerId, customers.id))
    .leftJoin(tariffs, eq(tariffs.id, contracts.tariffId))
    .leftJoin(tariffChanges, and(eq(tariffChanges.contractId, contracts.id), eq(tariffChanges.state, 'pending')))
    .leftJoin(newTariff, eq(newTariff.id, tariffChanges.toTariffId))
    .leftJoin(paymentMethods, and(eq(paymentMethods.customerId, customers.id), eq(paymentMethods.active, true)))
    .where(eq(customers.id, sql.placeholder('customerId')))
    .prepare('overview');
});

export async function loadOverview(db: Database, customerId: string): Promise<Overview | null> {
  const [row] = await overviewRow(db).execute({ customerId });
  if (!row) return null;

  const overview: Overview = {
    contact: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phoneE164: row.phoneE164,
      addressText: row.addressText,
    },
    emailVerified: row.emailVerifiedAt !== null,
    contract:
      row.contractState && row.tariffNameDe !== null && row.tariffNameEn !== null
        ? {
            state: row.contractState,
            endDate: row.contractEndDate,
            tariff: { nameDe: row.tariffNameDe, nameEn: row.tariffNameEn },
          }
        : null,
    pendingTariffChange:
      row.changeEffectiveDate && row.changeNameDe !== null && row.changeNameEn !== null
        ? { effectiveDate: row.changeEffectiveDate, tariff: { nameDe: row.changeNameDe, nameEn: row.changeNameEn } }
        : null,
    balanceCents: Number(row.balanceCents),
    paymentMethod: row.methodKind
      ? { kind: row.methodKind, ibanLast4: row.methodIban ? row.methodIban.slice(-4) : null, label: row.methodLabel }
      : null,
    actions: [],
  };
  overview.actions = outstandingActions(overview);
  return overview;
}

/** What the customer should still do or knows to be under way, most urgent first. */
export function outstandingActions(overview: Omit<Overview, 'actions'>): OutstandingAction[] {
  const actions: OutstandingAction[] = [];
  if (overview.balanceCents < 0) actions.push('negative-balance');
  if (!overview.emailVerified) actions.push('verify-email');
  const contractRunning = overview.contract !== null && !contractFinished(overview.contract.state);
  if (contractRunning && !overview.paymentMethod) actions.push('add-payment-method');
  if (overview.pendingTariffChange) actions.push('pending-tariff-change');
  if (overview.contract?.state === 'cancellation_requested') actions.push('pending-cancellation');
  return actions;
}

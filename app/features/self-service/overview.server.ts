import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { contracts, creditLedger, customers, paymentMethods, tariffChanges, tariffs } from '~/db/schema';
import { settleContract } from '~/features/contract/contract-settlement.server';

export type OutstandingAction =
  'verify-email' | 'add-payment-method' | 'pending-tariff-change' | 'pending-cancellation' | 'negative-balance';

export interface Overview {
  contact: { firstName: string; lastName: string; email: string; phoneE164: string; addressText: string };
  emailVerified: boolean;
  contract: {
    state: 'active' | 'cancellation_requested' | 'ended';
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
 * Everything the self-service start page shows of one customer, read in parallel and scoped to
 * `customerId` only. Null when the customer no longer exists (the session outlived the account).
 */
export async function loadOverview(db: Database, customerId: string, now = new Date()): Promise<Overview | null> {
  // A tariff change or an end date that has come applies before the page shows the contract.
  await settleContract(db, customerId, now);
  const [customerRows, contractRows, changeRows, balanceRows, methodRows] = await Promise.all([
    db
      .select({
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        phoneE164: customers.phoneE164,
        addressText: customers.addressText,
        emailVerifiedAt: customers.emailVerifiedAt,
      })
      .from(customers)
      .where(eq(customers.id, customerId)),
    db
      .select({
        state: contracts.state,
        endDate: contracts.endDate,
        nameDe: tariffs.nameDe,
        nameEn: tariffs.nameEn,
      })
      .from(contracts)
      .innerJoin(tariffs, eq(tariffs.id, contracts.tariffId))
      .where(eq(contracts.customerId, customerId)),
    db
      .select({ effectiveDate: tariffChanges.effectiveDate, nameDe: tariffs.nameDe, nameEn: tariffs.nameEn })
      .from(tariffChanges)
      .innerJoin(contracts, eq(contracts.id, tariffChanges.contractId))
      .innerJoin(tariffs, eq(tariffs.id, tariffChanges.toTariffId))
      .where(and(eq(contracts.customerId, customerId), eq(tariffChanges.state, 'pending')))
      .orderBy(desc(tariffChanges.requestedAt))
      .limit(1),
    db
      .select({ total: sql<string>`coalesce(sum(${creditLedger.amountCents}), 0)` })
      .from(creditLedger)
      .where(eq(creditLedger.customerId, customerId)),
    db
      .select({ kind: paymentMethods.kind, iban: paymentMethods.iban, label: paymentMethods.label })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.active, true))),
  ]);

  const customer = customerRows[0];
  if (!customer) return null;
  const contractRow = contractRows[0];
  const change = changeRows[0];
  const method = methodRows[0];
  const balanceCents = Number(balanceRows[0]?.total ?? 0);

  const overview: Overview = {
    contact: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phoneE164: customer.phoneE164,
      addressText: customer.addressText,
    },
    emailVerified: customer.emailVerifiedAt !== null,
    contract: contractRow
      ? {
          state: contractRow.state,
          endDate: contractRow.endDate,
          tariff: { nameDe: contractRow.nameDe, nameEn: contractRow.nameEn },
        }
      : null,
    pendingTariffChange: change
      ? { effectiveDate: change.effectiveDate, tariff: { nameDe: change.nameDe, nameEn: change.nameEn } }
      : null,
    balanceCents,
    paymentMethod: method
      ? { kind: method.kind, ibanLast4: method.iban ? method.iban.slice(-4) : null, label: method.label }
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
  const contractRunning = overview.contract !== null && overview.contract.state !== 'ended';
  if (contractRunning && !overview.paymentMethod) actions.push('add-payment-method');
  if (overview.pendingTariffChange) actions.push('pending-tariff-change');
  if (overview.contract?.state === 'cancellation_requested') actions.push('pending-cancellation');
  return actions;
}

import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { paymentMethods } from '~/db/schema';

/**
 * A payment method as the back office shows it: of an IBAN only its last four digits, of a card only
 * the brand and last four, nothing of PayPal but the kind; never the IBAN, BIC, token or mandate IP.
 */
export interface StaffPaymentMethod {
  kind: 'sepa' | 'card' | 'paypal';
  /** `•••• 3000` (SEPA), `Visa •••• 4242` (card), empty for PayPal or a card label of an unknown shape. */
  display: string;
  accountHolder: string | null;
  mandateReference: string | null;
  active: boolean;
  since: Date;
  until: Date | null;
}

/** What the back office shows to tell a method apart (see `StaffPaymentMethod.display`). */
export function staffPaymentDisplay(
  kind: StaffPaymentMethod['kind'],
  iban: string | null,
  label: string | null,
): string {
  if (kind === 'sepa') return iban ? `•••• ${iban.replace(/\s+/g, '').slice(-4)}` : '';
  if (kind === 'card') {
    // The provider's label, e.g. "Visa •••• 4242": only a brand word and the last four digits pass.
    const match = /^([A-Za-z][A-Za-z ]{0,19}?)[•*.\sx]*(\d{4})$/.exec((label ?? '').trim());
    return match ? `${match[1]!.trim()} •••• ${match[2]}` : '';
  }
  return '';
}

/** The customer's payment methods, active first, then newest first (read-only, for the back office). */
export async function paymentMethodsForStaff(
  db: Database,
  customerId: string,
  limit: number,
): Promise<StaffPaymentMethod[]> {
  const rows = await db
    .select({
      kind: paymentMethods.kind,
      iban: paymentMethods.iban,
      label: paymentMethods.label,
      accountHolder: paymentMethods.accountHolder,
      mandateReference: paymentMethods.mandateReference,
      active: paymentMethods.active,
      createdAt: paymentMethods.createdAt,
      replacedAt: paymentMethods.replacedAt,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.customerId, customerId))
    .orderBy(desc(paymentMethods.active), desc(paymentMethods.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    kind: row.kind,
    display: staffPaymentDisplay(row.kind, row.iban, row.label),
    accountHolder: row.kind === 'sepa' ? row.accountHolder : null,
    mandateReference: row.mandateReference,
    active: row.active,
    since: row.createdAt,
    until: row.replacedAt,
  }));
}

/**
 * The customers with a SEPA account (current or replaced) whose IBAN ends in these four digits, as a
 * subquery for the account search. Scans the payment methods: an index on the last four digits is a
 * follow-up (docs/decisions/0035-back-office-customer-lookup.md).
 */
export function customersWithIbanEnding(db: Database, lastFour: string) {
  return db
    .selectDistinct({ customerId: paymentMethods.customerId })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.kind, 'sepa'), sql`right(${paymentMethods.iban}, 4) = ${lastFour}`));
}

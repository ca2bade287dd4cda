import { and, asc, eq, ilike, inArray, isNull, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { customers } from '~/db/schema';

/**
 * Read-only access to customer accounts for the back office's customer lookup
 * (docs/rules/back-office.md#customer-lookup). What to search for arrives parsed and bounded.
 */
export type CustomerSearchCriterion =
  | { field: 'number'; value: string }
  | { field: 'email'; value: string }
  | { field: 'name'; words: string[] }
  | { field: 'phone'; e164: string }
  /** The customers a query of another feature names (the IBAN's last four digits live with the payment methods). */
  | { field: 'iban'; customerIds: SQLWrapper };

export interface CustomerSearchHit {
  id: string;
  customerNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  deleted: boolean;
}

/** `%` and `_` match themselves in a LIKE pattern built from a search text. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function condition(criterion: CustomerSearchCriterion): SQL | undefined {
  const live = isNull(customers.deletedAt);
  switch (criterion.field) {
    // The customer number stays on an erased account: it finds the account, shown as deleted.
    case 'number':
      return eq(customers.customerNumber, criterion.value);
    case 'email':
      return and(live, ilike(customers.email, likePrefix(criterion.value)));
    case 'name':
      return and(
        live,
        ...criterion.words.map((word) =>
          or(ilike(customers.firstName, likePrefix(word)), ilike(customers.lastName, likePrefix(word))),
        ),
      );
    case 'phone':
      return and(live, eq(customers.phoneE164, criterion.e164));
    case 'iban':
      return inArray(customers.id, criterion.customerIds);
  }
}

/** One page of the customers a criterion finds, by last name, first name and number; `hasNext` from one row more. */
export async function searchCustomerAccounts(
  db: Database,
  criterion: CustomerSearchCriterion,
  page: number,
  pageSize: number,
): Promise<{ hits: CustomerSearchHit[]; hasNext: boolean }> {
  const rows = await db
    .select({
      id: customers.id,
      customerNumber: customers.customerNumber,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      deletedAt: customers.deletedAt,
    })
    .from(customers)
    .where(condition(criterion))
    .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.customerNumber))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const hits = rows
    .slice(0, pageSize)
    .map(({ deletedAt, ...row }) =>
      deletedAt
        ? { id: row.id, customerNumber: row.customerNumber, firstName: '', lastName: '', email: '', deleted: true }
        : { ...row, deleted: false },
    );
  return { hits, hasNext: rows.length > pageSize };
}

export type CustomerRecord =
  | { deleted: true; id: string; customerNumber: string; deletedAt: Date; createdAt: Date }
  | {
      deleted: false;
      id: string;
      customerNumber: string;
      salutation: 'ms' | 'mr' | 'diverse' | 'none';
      firstName: string;
      lastName: string;
      birthDate: string;
      email: string;
      emailVerifiedAt: Date | null;
      phoneE164: string;
      addressText: string;
      locale: 'de' | 'en';
      newsletter: boolean;
      deletionRequestedAt: Date | null;
      createdAt: Date;
    };

/** The account's personal data for staff; an erased account only as erased. No password hash, no codes. */
export async function customerRecord(db: Database, customerId: string): Promise<CustomerRecord | null> {
  const [row] = await db
    .select({
      id: customers.id,
      customerNumber: customers.customerNumber,
      salutation: customers.salutation,
      firstName: customers.firstName,
      lastName: customers.lastName,
      birthDate: customers.birthDate,
      email: customers.email,
      emailVerifiedAt: customers.emailVerifiedAt,
      phoneE164: customers.phoneE164,
      addressText: customers.addressText,
      locale: customers.locale,
      newsletter: customers.newsletter,
      deletionRequestedAt: customers.deletionRequestedAt,
      deletedAt: customers.deletedAt,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) return null;
  const { deletedAt, ...rest } = row;
  if (deletedAt) {
    return { deleted: true, id: row.id, customerNumber: row.customerNumber, deletedAt, createdAt: row.createdAt };
  }
  return { deleted: false, ...rest };
}

import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { creditLedger } from '~/db/schema';

export type LedgerKind = (typeof creditLedger.$inferSelect)['kind'];

export interface LedgerEntry {
  id: string;
  kind: LedgerKind;
  amountCents: number;
  reference: string | null;
  createdAt: Date;
}

const entryColumns = {
  id: creditLedger.id,
  kind: creditLedger.kind,
  amountCents: creditLedger.amountCents,
  reference: creditLedger.reference,
  createdAt: creditLedger.createdAt,
};

/** The balance is the sum of the customer's ledger, computed every time: it is stored nowhere else. */
export async function balanceCents(db: Pick<Database, 'select'>, customerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amountCents}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId));
  return Number(row?.total ?? 0);
}

export interface LedgerPage {
  entries: LedgerEntry[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
  total: number;
}

/** One page of the customer's ledger, newest first (ties broken by id, so pages never overlap). */
export async function ledgerPage(
  db: Database,
  customerId: string,
  requestedPage: number,
  pageSize: number,
): Promise<LedgerPage> {
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId));
  const total = Number(count?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Number.isInteger(requestedPage) ? requestedPage : 1), pageCount);
  const entries = await db
    .select(entryColumns)
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { entries, page, pageCount, total };
}

/** The whole ledger, newest first, for the CSV download (bounded, so a download stays small). */
export async function allLedgerEntries(db: Database, customerId: string, limit = 10_000): Promise<LedgerEntry[]> {
  return db
    .select(entryColumns)
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(limit);
}

/** The customer's credit from one voucher code, for the confirmation after redeeming it. */
export async function voucherCredit(db: Database, customerId: string, code: string): Promise<LedgerEntry | null> {
  const [entry] = await db
    .select(entryColumns)
    .from(creditLedger)
    .where(
      and(eq(creditLedger.customerId, customerId), eq(creditLedger.kind, 'voucher'), eq(creditLedger.reference, code)),
    )
    .limit(1);
  return entry ?? null;
}

import { createHmac } from 'node:crypto';
import { customerLookup } from '~/config/customer-lookup';
import type { FeatureContext } from '~/feature-context';
import {
  customerRecord,
  searchCustomerAccounts,
  type CustomerRecord,
  type CustomerSearchCriterion,
  type CustomerSearchHit,
} from '~/features/accounts/public.server';
import { recordAudit, type AuditOrigin } from '~/features/audit/public.server';
import { bikeReportsOfCustomer, type BikeReportSummary } from '~/features/bike-reports/public.server';
import {
  declarationsOfCustomer,
  loadContract,
  type ContractOverview,
  type DeclarationSummary,
} from '~/features/contract/public.server';
import { balanceCents, ledgerPage, type LedgerPage } from '~/features/credit/public.server';
import { damageReportsOfCustomer, type DamageReportSummary } from '~/features/damage-reports/public.server';
import {
  customersWithIbanEnding,
  paymentMethodsForStaff,
  type StaffPaymentMethod,
} from '~/features/payment/public.server';
import { sessionsForStaff, type StaffSessionEntry } from '~/features/personal-data/public.server';
import { mailsTo, type MailHistoryEntry } from '~/shared/mail/mail-history.server';
import type { ParsedSearchText, SearchField } from './lookup-query';

/** What the lookup needs of the process: the database, and the secret its search hashes are keyed with. */
export type LookupContext = Pick<FeatureContext, 'db' | 'config'>;

/**
 * The search text as the audit log keeps it: an HMAC under the server's secret, so that the log
 * alone does not tell what was searched, while whoever holds the secret can check whether a given
 * text was (docs/rules/back-office.md#customer-lookup).
 */
export function searchTextHash(field: SearchField, normalized: string, secret: string): string {
  return createHmac('sha256', secret).update(`customer-search:${field}:${normalized}`).digest('base64url');
}

/**
 * One page of a customer search, recorded in the audit log (which field, the text's keyed hash, the
 * page and how many it found) before the results leave the server.
 */
export async function searchCustomers(
  ctx: LookupContext,
  staffId: string,
  search: { parsed: ParsedSearchText; normalized: string; page: number },
  origin: AuditOrigin,
): Promise<{ hits: CustomerSearchHit[]; hasNext: boolean }> {
  const { parsed } = search;
  const criterion: CustomerSearchCriterion =
    parsed.field === 'iban' ? { field: 'iban', customerIds: customersWithIbanEnding(ctx.db, parsed.lastFour) } : parsed;
  const result = await searchCustomerAccounts(ctx.db, criterion, search.page, customerLookup.pageSize);
  await recordAudit(
    ctx.db,
    {
      actorStaffId: staffId,
      action: 'customer.search',
      subjectType: 'customer-search',
      subjectId: parsed.field,
      after: {
        field: parsed.field,
        queryHash: searchTextHash(parsed.field, search.normalized, ctx.config.sessionSecret),
        page: search.page,
        found: result.hits.length,
        // Which customers the page showed (ids, no personal data): a search that listed someone is traceable.
        shown: result.hits.map((hit) => hit.id),
      },
    },
    origin,
  );
  return result;
}

export type CustomerView =
  | { deleted: true; customer: Extract<CustomerRecord, { deleted: true }> }
  | {
      deleted: false;
      customer: Extract<CustomerRecord, { deleted: false }>;
      contract: ContractOverview | null;
      balanceCents: number;
      ledger: LedgerPage;
      paymentMethods: StaffPaymentMethod[];
      sessions: StaffSessionEntry[];
      bikeReports: BikeReportSummary[];
      damageReports: DamageReportSummary[];
      declarations: DeclarationSummary[];
      mails: MailHistoryEntry[];
    };

/**
 * Everything the back office shows of one customer, read through the owning features' public
 * modules, recorded in the audit log (`customer.view`) before it leaves the server. An erased
 * account shows only that it was erased. Null for an id no account has (nothing shown, nothing recorded).
 */
export async function viewCustomer(
  ctx: LookupContext,
  staffId: string,
  customerId: string,
  ledgerPageNumber: number,
  origin: AuditOrigin,
  now = new Date(),
): Promise<CustomerView | null> {
  const customer = await customerRecord(ctx.db, customerId);
  if (!customer) return null;
  const limit = customerLookup.listLimit;
  let view: CustomerView;
  if (customer.deleted) {
    view = { deleted: true, customer };
  } else {
    const [contract, balance, ledger, paymentMethods, sessions, bikeReports, damageReports, declarations, mails] =
      await Promise.all([
        loadContract(ctx.db, customerId, now),
        balanceCents(ctx.db, customerId),
        ledgerPage(ctx.db, customerId, ledgerPageNumber, customerLookup.ledgerPageSize),
        paymentMethodsForStaff(ctx.db, customerId, limit),
        sessionsForStaff(ctx.db, customerId, limit, now),
        bikeReportsOfCustomer(ctx.db, customerId, limit),
        damageReportsOfCustomer(ctx.db, customerId, limit),
        declarationsOfCustomer(ctx.db, customerId, limit),
        mailsTo(ctx.db, customer.email, limit),
      ]);
    view = {
      deleted: false,
      customer,
      contract,
      balanceCents: balance,
      ledger,
      paymentMethods,
      sessions,
      bikeReports,
      damageReports,
      declarations,
      mails,
    };
  }
  await recordAudit(
    ctx.db,
    {
      actorStaffId: staffId,
      action: 'customer.view',
      subjectType: 'customer',
      subjectId: customerId,
      after: { deleted: customer.deleted, ledgerPage: view.deleted ? null : view.ledger.page },
    },
    origin,
  );
  return view;
}

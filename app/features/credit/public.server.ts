// What other features may use of credit on the server: the back office's customer view shows the balance and
// the ledger, page by page (docs/rules/back-office.md#customer-lookup).
export { balanceCents, ledgerPage, type LedgerEntry, type LedgerPage } from './ledger.server';

/**
 * The numbers of the back office's customer lookup (docs/rules/back-office.md#customer-lookup).
 */
export const customerLookup = {
  /** Longest search text accepted; longer input is refused with a message, never cut silently. */
  queryMaxLength: 100,
  /** Shortest name or email search: one letter would list half the customers. */
  textMinLength: 2,
  /** Results per page of a search. */
  pageSize: 20,
  /** Highest page number a search accepts. */
  maxPage: 1000,
  /** Newest credit ledger entries on one page of the customer view. */
  ledgerPageSize: 20,
  /** How many of each list (sessions, reports, declarations, mails, replaced payment methods) the view shows. */
  listLimit: 20,
} as const;

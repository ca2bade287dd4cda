// What the back office's pages use of the customer lookup (docs/rules/back-office.md#customer-lookup).
export {
  searchCustomers,
  searchTextHash,
  viewCustomer,
  type CustomerView,
  type LookupContext,
} from './customer-lookup.server';
export {
  parseCustomerId,
  parseLedgerPage,
  parseSearchQuery,
  searchFields,
  type SearchField,
  type SearchProblem,
  type SearchQuery,
} from './lookup-query';

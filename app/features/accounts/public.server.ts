// What other features may use of accounts on the server: the account context, sessions, one-time tokens
// and the re-authentication check (docs/decisions/0025).
export { mailLink, type AccountContext } from './account-context';
export { consumeAccountToken, peekAccountToken } from './account-tokens.server';
export { isCommonPassword } from './common-passwords.server';
export { requireSession } from './current-customer.server';
export { endPendingChanges } from './pending-changes.server';
export { confirmRecentAuthentication } from './reauthentication.server';
export {
  endAllSessions,
  hashToken,
  isRecentlyAuthenticated,
  markReauthenticated,
  type CurrentSession,
} from './sessions.server';
export {
  customerRecord,
  searchCustomerAccounts,
  type CustomerRecord,
  type CustomerSearchCriterion,
  type CustomerSearchHit,
} from './staff-lookup.server';

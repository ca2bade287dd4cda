// What other features may use of personal data on the server (docs/decisions/0025): the checks that
// refuse an account deletion, which the service back office repeats before carrying one out.
export { deletionBlockers, type DeletionBlocker } from './account-deletion.server';
// The back office's customer view lists the customer's sessions (docs/rules/back-office.md#customer-lookup).
export { sessionsForStaff, type StaffSessionEntry } from './staff-view.server';

// What other features may use of the contract on the server: bringing it up to date before reading it
// (docs/decisions/0025).
export { settleContract } from './contract-settlement.server';
export { contractFinished, type ContractState } from './contract-state';
// The service back office assigns a declaration that matched no account (docs/rules/back-office.md#case-queues).
export { assignDeclaration, type AssignmentOutcome } from './cancellation.server';
// What a withdrawal staff assigned did, told to the account holder (docs/rules/contract-and-cancellation.md#withdrawal).
export { withdrawalNoticeMail } from './withdrawal-mails';
// Its mails state a declaration's received time as the confirmation does.
export { formatBerlinDateTime } from './confirmation';
// The back office's customer view reads the contract and the declarations (docs/rules/back-office.md#customer-lookup).
export { loadContract, type ContractOverview } from './contract.server';
export { declarationsOfCustomer, type DeclarationSummary } from './staff-view.server';

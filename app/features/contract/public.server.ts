// What other features may use of the contract on the server: bringing it up to date before reading it
// (docs/decisions/0025).
export { settleContract } from './contract-settlement.server';

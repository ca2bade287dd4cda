// What other features may use of the self-service area on the server (docs/decisions/0025).
export { customerScope, type CustomerScope } from './customer-scope.server';

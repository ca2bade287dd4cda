// What other features may use of payment on the server: the customer's current payment method (docs/decisions/0025).
export { activePaymentMethod } from './payment-methods.server';

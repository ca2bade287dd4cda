// What other features may use of payment on the server: the customer's current payment method (docs/decisions/0025),
// and for the back office's customer lookup the masked methods and the search by an IBAN's last four digits.
export { activePaymentMethod } from './payment-methods.server';
export { customersWithIbanEnding, paymentMethodsForStaff, type StaffPaymentMethod } from './staff-view.server';

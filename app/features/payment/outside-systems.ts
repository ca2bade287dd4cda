// What routes see of the payment feature's outside systems: the errors that say a provider or the bank
// verification did not answer (the page then offers to try again), the widget's result and its script.
export { BankVerificationUnavailableError, type WidgetResult } from '~/platform/bank-verification/types';
export { widgetScript } from '~/platform/bank-verification/widget-script';
export { PaymentProviderUnavailableError } from '~/platform/payment-provider/types';

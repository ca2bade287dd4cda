import type { selfServiceDe } from './self-service.de';

export const selfServiceEn = {
  'reauth.password': 'Current password',
  'reauth.hint': 'For your security, please confirm this change with your password.',
  'reauth.required': 'Please confirm the change with your current password.',
  'reauth.wrong': 'The password is not correct.',
  'reauth.wait': 'Too many attempts. Please wait a few minutes and try again.',

  'overview.greeting': 'Hello {name}, here is your contract at a glance.',
  'overview.actions.title': 'To do',
  'overview.action.negative-balance': 'Your balance is negative. Please top it up.',
  'overview.action.verify-email': 'Please confirm your email address.',
  'overview.action.add-payment-method': 'Please add a payment method.',
  'overview.action.pending-tariff-change': 'Your tariff change takes effect on {date}.',
  'overview.action.pending-cancellation': 'Your contract is cancelled as of {end}.',
  'overview.open': 'Open {section}',
  'overview.contract.active': 'Active',
  'overview.contract.cancellation_requested': 'Cancelled as of {end}',
  'overview.contract.ended': 'Ended',
  'overview.contract.none': 'No contract',
  'overview.contract.tariff': 'Tariff: {tariff}',
  'overview.tariff.pending': 'Change to {tariff} on {date}',
  'overview.payment.sepa': 'SEPA direct debit, IBAN ending in {last4}',
  'overview.payment.card': 'Credit card',
  'overview.payment.paypal': 'PayPal',
  'overview.payment.none': 'No payment method yet',
  'overview.data.unverified': 'not confirmed',
} as const satisfies Record<keyof typeof selfServiceDe, string>;

import type { paymentDe } from './payment.de';

export const paymentEn = {
  'payment.active.title': 'Your payment method',
  'payment.none': 'You have not added a payment method yet.',
  'payment.add': 'Add a payment method',
  'payment.change': 'Change payment method',
  'payment.changed': 'Your new payment method has been saved. We have sent you a confirmation by email.',
  'payment.kind.sepa': 'SEPA direct debit',
  'payment.kind.card': 'Credit card',
  'payment.kind.paypal': 'PayPal',
  'payment.detail.kind': 'Payment type',
  'payment.detail.account': 'Account',
  'payment.detail.account-holder': 'Account holder',
  'payment.detail.mandate-reference': 'Mandate reference',
  'payment.detail.creditor-id': 'Creditor identifier',
  'payment.detail.mandate-date': 'Mandate given on',
  'payment.detail.since': 'Added on',
  'payment.history.title': 'Previous payment methods',
  'payment.history.period': '{from} to {to}',

  'payment.update.kinds': 'Choose a payment type',
  'payment.update.intro':
    'Your new payment method replaces the current one. Until it is saved, the current one stays active.',
  'payment.update.current': 'Current: {method}',
  'payment.update.back': 'Back to payment method',

  'payment.sepa.legend': 'Bank account',
  'payment.field.account-holder': 'Account holder',
  'payment.field.iban': 'IBAN',
  'payment.field.bic': 'BIC (optional)',
  'payment.iban.hint': 'For example DE89 3704 0044 0532 0130 00',
  'payment.bic.hint':
    'Only needed for accounts outside the European Economic Area, for example in Switzerland or the United Kingdom.',
  'payment.mandate.title': 'SEPA direct debit mandate',
  'payment.mandate.text':
    'I authorise {creditor} to collect payments from my account by direct debit. At the same time I instruct my bank to pay the direct debits drawn on my account by {creditor}.',
  'payment.mandate.refund':
    'Note: I can demand a refund of the debited amount within eight weeks, starting with the date of the debit. The conditions agreed with my bank apply.',
  'payment.mandate.creditor-id': 'Creditor identifier: {id}',
  'payment.mandate.reference': 'Mandate reference: {reference}',
  'payment.consent': 'I give the SEPA direct debit mandate.',
  'payment.consent.required': 'Please give the direct debit mandate to pay by SEPA direct debit.',
  'payment.sepa.submit': 'Check and save bank account',
  'payment.verification.hint':
    'After you submit, we check your bank account. Only once it is confirmed does it replace your current payment method.',
  'payment.verification.label': 'Account check',
  'payment.verification.running': 'Checking your bank account …',
  'payment.verification.failed':
    'We could not confirm this account. Please check the IBAN or use another account. Your current payment method stays active.',
  'payment.verification.mismatch': 'The account check does not belong to this IBAN. Please submit the form again.',
  'payment.verification.unavailable':
    'The account check cannot be reached right now. Your current payment method stays active; please try again later.',
  'payment.verification.rate-limited': 'Too many account checks in a short time. Please try again in an hour.',

  'payment.iban.country': 'This IBAN does not start with a valid country code.',
  'payment.iban.format': 'This IBAN does not have the right length or format for its country.',
  'payment.iban.checksum': 'The check digits of this IBAN do not match. Please check it for typing errors.',
  'payment.iban.not-sepa': 'Direct debits are only possible from accounts in the SEPA area.',
  'payment.bic.invalid': 'Please enter a valid BIC of 8 or 11 characters.',
  'payment.bic.required': 'For accounts outside the European Economic Area we need the BIC.',
  'payment.holder.too-long': 'The name may be at most 70 characters long.',
  'payment.holder.invalid': 'The name contains characters we cannot accept.',
  'payment.kind.invalid': 'Please choose a payment type.',

  'payment.card.intro':
    'You enter your card details on the page of our payment service provider. They never reach our server; we only store a reference and the last four digits.',
  'payment.paypal.intro':
    'You log in to PayPal and agree to the charges. We only store a reference to your PayPal account.',
  'payment.checkout.submit.card': 'Continue to card entry',
  'payment.checkout.submit.paypal': 'Continue to PayPal',
  'payment.checkout.confirm-title': 'Confirm your new payment method',
  'payment.checkout.confirm-text': 'The payment service provider has confirmed this payment method: {label}.',
  'payment.checkout.confirm': 'Save as payment method',
  'payment.checkout.cancelled':
    'You cancelled at the payment service provider. Your current payment method stays active.',
  'payment.checkout.invalid': 'This process is invalid or has expired. Please start it again.',
  'payment.provider.unavailable':
    'The payment service provider cannot be reached right now. Your current payment method stays active; please try again later.',

  'payment.sandbox.title': 'Test payment page',
  'payment.sandbox.intro':
    'This is the payment service provider’s sandbox: a test environment without real money. Instead of entering payment details, you choose a test payment method.',
  'payment.sandbox.choose': 'Choose a test payment method',
  'payment.sandbox.declines': 'charges are declined',
  'payment.sandbox.cancel': 'Cancel and go back',
  'payment.sandbox.invalid': 'This link is invalid or has expired. Please start the change again.',

  'payment.mail.greeting': 'Hello {name},',
  'payment.mail.not-you': 'Was this not you? Then please contact our customer service at once.',
  'payment.mail.sepa.subject': 'Your SEPA direct debit mandate for {brand}',
  'payment.mail.sepa.intro': 'on {date} you gave us the following SEPA direct debit mandate. Please keep this email.',
  'payment.mail.sepa.holder': 'Account holder: {holder}',
  'payment.mail.sepa.iban': 'IBAN: {iban}',
  'payment.mail.changed.subject': 'Your payment method at {brand} has been changed',
  'payment.mail.changed.intro': 'your payment method has been changed. Now on file: {label}.',
} as const satisfies Record<keyof typeof paymentDe, string>;

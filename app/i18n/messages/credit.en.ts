import type { creditDe } from './credit.de';

export const creditEn = {
  'credit.balance.label': 'Current balance',
  'credit.balance.negative': 'Your balance is negative. Please top it up.',

  'credit.voucher.title': 'Redeem a voucher',
  'credit.voucher.code': 'Voucher code',
  'credit.voucher.hint': '12 characters, for example ABCD-EFGH-JKLM. Upper or lower case does not matter.',
  'credit.voucher.submit': 'Redeem voucher',
  'credit.voucher.format': 'A voucher code has 12 letters or digits, for example ABCD-EFGH-JKLM.',
  'credit.voucher.unknown': 'This voucher code does not exist. Please check what you typed.',
  'credit.voucher.expired': 'This voucher has expired and can no longer be redeemed.',
  'credit.voucher.used': 'This voucher has already been redeemed.',
  'credit.voucher.wait':
    'Too many invalid attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'credit.voucher.redeemed': 'Voucher {code} redeemed: {amount} has been added to your balance.',

  'credit.top-up.title': 'Top up your balance',
  'credit.top-up.amount-legend': 'Amount',
  'credit.top-up.charged-to': 'The amount is charged to your payment method: {method}.',
  'credit.top-up.submit': 'Top up now',
  'credit.top-up.amount': 'Please choose one of the amounts offered.',
  'credit.top-up.no-method': 'To top up you need a payment method. Please add one first.',
  'credit.top-up.add-method': 'Add a payment method',
  'credit.top-up.declined': 'The payment was declined. Your balance is unchanged.',
  'credit.top-up.unavailable':
    'The payment service did not answer in time. Please send the form again: a payment that did go through is not charged a second time.',
  'credit.top-up.too-many': 'You have topped up several times in the last hour. Please try again later.',
  'credit.top-up.duplicate': 'This top-up has already been sent. Please check your transactions.',
  'credit.top-up.expired': 'The form has expired. Please reload the page.',
  'credit.top-up.done': '{amount} has been added to your balance.',
  'credit.top-up.statement': '{brand} credit',
  'credit.top-up.failed': 'The top-up of {amount} was declined. Your balance is unchanged.',

  'credit.ledger.title': 'Transactions',
  'credit.ledger.caption': 'Your transactions, newest first',
  'credit.ledger.empty': 'No transactions yet.',
  'credit.ledger.date': 'Date',
  'credit.ledger.kind': 'Transaction',
  'credit.ledger.reference': 'Reference',
  'credit.ledger.amount': 'Amount',
  'credit.ledger.pages': 'Pages of the transaction list',
  'credit.ledger.page-of': 'Page {page} of {count}',
  'credit.ledger.newer': 'Newer transactions',
  'credit.ledger.older': 'Older transactions',
  'credit.ledger.download': 'Download all transactions as a CSV file',

  'credit.csv.date': 'Date',
  'credit.csv.kind': 'Transaction',
  'credit.csv.reference': 'Reference',
  'credit.csv.amount': 'Amount (EUR)',

  'credit.kind.top_up': 'Top-up',
  'credit.kind.voucher': 'Voucher',
  'credit.kind.ride_charge': 'Ride',
  'credit.kind.refund': 'Refund',
  'credit.kind.start_bonus': 'Welcome credit',
} as const satisfies Record<keyof typeof creditDe, string>;

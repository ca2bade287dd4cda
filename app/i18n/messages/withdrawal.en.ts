import type { withdrawalDe } from './withdrawal.de';

/** English counterparts of withdrawal.de.ts. */
export const withdrawalEn: Record<keyof typeof withdrawalDe, string> = {
  'withdrawal.intro':
    'You can withdraw from your contract within 14 days of concluding it without giving any reason. Tell us which contract it is; in the next step you confirm the withdrawal.',
  'withdrawal.confirmation-email': 'Email address for the acknowledgement',
  'withdrawal.declaration-kind': 'Kind of declaration',
  'withdrawal.continue': 'Continue',
  'withdrawal.review.title': 'Please confirm your withdrawal',
  'withdrawal.review.text': 'I hereby withdraw from the contract I concluded: {contract}.',
  'withdrawal.confirm': 'Confirm withdrawal',
  'withdrawal.edit': 'Change details',
  'withdrawal.too-many':
    'Too many declarations came from this connection. Please try again in an hour or write us an email.',
  'withdrawal.confirmation.title': 'Your withdrawal has been received',
  'withdrawal.confirmation.status':
    'Thank you. We have received your withdrawal and sent an acknowledgement to {email}.',
  'withdrawal.confirmation.content': 'Content of your withdrawal',
  'withdrawal.confirmation.next':
    'If the contract belongs to a customer account, we send everything else – whether the withdrawal was in time, when the contract ends and what we refund – to that account’s email address. If we cannot assign your details to a contract, we will contact you at the confirmation address.',

  'withdrawal.mail.subject': 'Acknowledgement of your withdrawal ({reference})',
  'withdrawal.mail.intro': 'we received your withdrawal on {time}. This is its content:',
  'withdrawal.mail.registration':
    'With your registration your contract is concluded. You can withdraw from it without giving any reason until {date} inclusive – with “Withdraw from contract here” at the bottom of every page of ours, by email or with the model withdrawal form below.',
  'withdrawal.notice.subject.withdrawn': 'Your contract has been withdrawn',
  'withdrawal.notice.withdrawn':
    'your withdrawal was received on {time} (reference {reference}). Your contract therefore ended on {date}.',
  'withdrawal.notice.refund':
    'We refund the base fee for the time from the withdrawal on, pro rata: {amount} has been credited to your balance.',
  'withdrawal.notice.no-refund': 'No base fee has been charged to you so far; there is nothing to refund.',
  'withdrawal.notice.rides':
    'Rides before the withdrawal remain charged, because at your request the service began within the withdrawal period.',
  'withdrawal.notice.payout': 'We will pay out your credit of {amount} to your payment method ({method}) by {date}.',
  'withdrawal.notice.payout.no-method':
    'We will pay out your credit of {amount} by {date}. As no payment method is on file, we will contact you about your bank details.',
  'withdrawal.notice.kept-credit':
    'Credit from vouchers, promotions or goodwill ({amount}) is not a payment of yours and is not paid out; it stays on your account.',
  'withdrawal.notice.subject.late': 'Your withdrawal counts as a cancellation',
  'withdrawal.notice.late':
    'your withdrawal was received on {time} (reference {reference}). The withdrawal period ended on {deadline}, so we treat your declaration as an ordinary cancellation. Your contract ends at the end of {date}.',
  'withdrawal.notice.subject.ended': 'Your withdrawal has been received',
  'withdrawal.notice.ended':
    'your withdrawal was received on {time} (reference {reference}). Your contract had already ended on {date}; nothing changes.',
  'withdrawal.notice.not-you': 'Was this not you? Then please contact customer service at once.',

  'contract.withdrawal': 'Right of withdrawal',
  'contract.withdrawal.open': 'You can withdraw from this contract without giving any reason until {date} inclusive.',
  'contract.withdrawal.closed': 'The withdrawal period for this contract ended on {date}.',
  'contract.withdrawal.link': 'Withdraw from contract',
  'contract.withdrawn': 'You withdrew from this contract. It ended on {date}.',
  'contract.withdrawal.instructions': 'Withdrawal instructions',
  'contract.withdrawal.model-form': 'Model withdrawal form',

  'withdrawal.instructions.title': 'Withdrawal instructions',
  'withdrawal.instructions.right': 'Right of withdrawal',
  'withdrawal.instructions.p1':
    'You have the right to withdraw from this contract within fourteen days without giving any reason. The withdrawal period is fourteen days from the day the contract was concluded.',
  'withdrawal.instructions.p2':
    'To exercise the right of withdrawal, you must inform us ({provider}, {address}, email: {email}) of your decision to withdraw from this contract by an unequivocal statement (e.g. a letter sent by post or an email). You may use the withdrawal function “Withdraw from contract here” at the bottom of every page of ours or the model withdrawal form, but it is not obligatory.',
  'withdrawal.instructions.p3':
    'To meet the withdrawal deadline, it is sufficient for you to send your communication concerning your exercise of the right of withdrawal before the withdrawal period has expired.',
  'withdrawal.instructions.consequences': 'Effects of withdrawal',
  'withdrawal.instructions.p4':
    'If you withdraw from this contract, we shall reimburse to you all payments received from you without undue delay and in any event not later than fourteen days from the day on which we are informed about your decision to withdraw from this contract. We will carry out such reimbursement using the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of such reimbursement.',
  'withdrawal.instructions.p5':
    'If you requested to begin the performance of services during the withdrawal period, you shall pay us an amount which is in proportion to what has been provided until you have communicated to us your withdrawal from this contract, in comparison with the full coverage of the contract. For your contract this means: rides before the withdrawal remain charged, and we refund the base fee for the days from the withdrawal on.',
  'withdrawal.model.title': 'Model withdrawal form',
  'withdrawal.model.intro': '(Complete and return this form only if you wish to withdraw from the contract.)',
  'withdrawal.model.to': 'To {provider}, {address}, email: {email}:',
  'withdrawal.model.lines':
    'I hereby give notice that I withdraw from my contract for the provision of the following service: {service}|Ordered on (*)/received on (*)|Name of consumer|Address of consumer|Signature of consumer (only if this form is notified on paper)|Date',
  'withdrawal.model.note': '(*) Delete as appropriate.',
};

import type { ordersDe } from './orders.de';

export const ordersEn = {
  'order.summary.title': 'Your order',
  'order.register.chosen-above':
    'You order the tariff you chose above under “Tariff”, with the base fee, ride price and term shown with it there.',
  'order.register.none-chosen': 'You have not chosen a tariff yet. Please choose one above under “Tariff”.',
  'tariff.offer': '{name} – base fee: {fee}; ride price: {ride}; {term}',
  'tariff.ride-by-vehicle-class': 'by vehicle class, per hour and kilometre, see the price list',
  'tariff.ride-by-vehicle-class.short': 'by vehicle class',
  'term.short.none': 'no minimum term',
  'term.short.monthly': 'cancellable monthly',
  'term.short.annual': '{months}-month first term',

  'tariff-change.continue': 'Continue to summary',
  'tariff-change.review.title': 'Your tariff change',
  'tariff-change.review.intro': 'Please check your new tariff. Only the button below changes it.',
  'tariff-change.review.current': 'Current tariff',
  'tariff-change.review.effective': 'Applies from',
  'tariff-change.review.now': 'at once, from today ({date}); the new tariff’s term starts today',
  'tariff-change.review.from': '{date}; until then your current tariff applies',
  'tariff-change.review.other': 'Choose another tariff',
  'tariff-change.submit.paid': 'Change with obligation to pay',
  'tariff-change.review-outdated':
    'Something about your contract or the tariff has changed since you chose. Please check the summary and confirm again.',
} as const satisfies Record<keyof typeof ordersDe, string>;

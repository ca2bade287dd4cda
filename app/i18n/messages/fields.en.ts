import type { fieldsDe } from './fields.de';

export const fieldsEn = {
  'address.label': 'Address',
  'address.hint': 'Enter street and house number and choose your address from the suggestions.',
  'address.pick-suggestion': 'Please choose your address from the suggestions.',
  'address.suggestions': 'Address suggestions',
  'address.count.none': 'No matching address found.',
  'address.count.one': 'One suggestion. Use the arrow keys to choose, Enter to confirm.',
  'address.count.other': '{count} suggestions. Use the arrow keys to choose, Enter to confirm.',
  'address.chosen': 'Address chosen: {address}',
  'address.unavailable': 'The address search is not available right now. Please try again in a moment.',
  'address.rate-limited': 'Too many searches. Please wait a moment.',
  'phone.label': 'Mobile number',
  'phone.region': 'Country and code',
  'phone.hint': 'For example 0151 23456789',
  'address.choose': 'Please choose your address from the suggestions:',
} as const satisfies Record<keyof typeof fieldsDe, string>;

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
  'address.unknown': 'We do not know this address.',
  'address.unknown.next':
    'Check the street, house number and postcode, or type only the street and town and pick your address from the suggestions.',
  'address.unknown.service': 'If it still does not show, our customer service will help:',
  'address.unavailable': 'The address search is not available right now. Please try again in a moment.',
  'address.rate-limited': 'Too many searches. Please wait a moment.',
  'phone.label': 'Mobile number',
  'phone.region': 'Country and code',
  'phone.hint': 'For example 0151 23456789',
  'address.choose': 'Please choose your address from the suggestions:',
} as const satisfies Record<keyof typeof fieldsDe, string>;

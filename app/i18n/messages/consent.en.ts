import type { consentDe } from './consent.de';

export const consentEn = {
  'consent.title': 'Cookie settings',
  'consent.text':
    'With your consent we count with Matomo which pages are visited, to improve our website. Only the address and title of the page are sent, without cookies and without any identifier that recognises you. Without your consent we count nothing.',
  'consent.change-hint': 'You can change your choice at any time with “Cookie settings” at the bottom of every page.',
  'consent.privacy-link': 'More in our privacy statement',
  'consent.accept': 'Accept',
  'consent.reject': 'Reject',
  'consent.choices': 'Your choice',
  'consent.confirm-hint': 'Please confirm your choice.',
  'consent.current.accepted': 'At the moment you have accepted.',
  'consent.current.rejected': 'At the moment you have rejected.',
  'consent.footer-button': 'Cookie settings',
} as const satisfies Record<keyof typeof consentDe, string>;

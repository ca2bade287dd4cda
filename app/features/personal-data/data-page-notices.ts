/** Status messages a redirect back to the personal-data page may ask for (`?done=…`). */
export const doneMessages = [
  'email-requested',
  'email-cancelled',
  'phone-changed',
  'password-changed',
  'newsletter-on',
  'newsletter-off',
  'session-ended',
  'sessions-ended',
  'session-not-found',
  'deletion-requested',
  'licence-corrected',
] as const;
export type Done = (typeof doneMessages)[number];
export const isDone = (value: string | null): value is Done =>
  (doneMessages as readonly (string | null)[]).includes(value);

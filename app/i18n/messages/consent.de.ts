/** Consent dialog, analytics and client error reporting. */
export const consentDe = {
  'consent.title': 'Datenschutzeinstellungen',
  'consent.text':
    'Mit deiner Zustimmung zählen wir mit Matomo, welche Seiten aufgerufen werden, um unsere Website zu verbessern. Dafür übermitteln wir nur Adresse und Titel der Seite, ohne Cookies und ohne Kennung, die dich wiedererkennt. Ohne Zustimmung zählen wir nichts.',
  'consent.change-hint': 'Du kannst deine Wahl jederzeit über „Datenschutzeinstellungen“ am Ende jeder Seite ändern.',
  'consent.privacy-link': 'Mehr dazu in der Datenschutzerklärung',
  'consent.accept': 'Akzeptieren',
  'consent.reject': 'Ablehnen',
  'consent.choices': 'Deine Wahl',
  'consent.confirm-hint': 'Bitte bestätige deine Wahl.',
  'consent.current.accepted': 'Zurzeit hast du zugestimmt.',
  'consent.current.rejected': 'Zurzeit hast du abgelehnt.',
  'consent.footer-button': 'Datenschutzeinstellungen',
} as const;

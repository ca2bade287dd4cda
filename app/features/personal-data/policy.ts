/**
 * The personal-data rules of docs/rules/personal-data.md, in one place: a rule change is one edit here.
 */
export const personalDataPolicy = {
  /** A confirmation link for a new email address is valid 24 hours, once. */
  emailChangeLinkMs: 24 * 60 * 60 * 1000,
  /** Email change requests per customer and hour (each sends two mails). */
  emailChangesPerHour: 3,
  phoneCode: {
    digits: 6,
    validMs: 10 * 60 * 1000,
    maxAttempts: 5,
    /** Codes per customer and hour, and per receiving number and hour. */
    perCustomerPerHour: 5,
    perNumberPerHour: 5,
  },
} as const;

/** The confirmation page of an email change; not a named page of the route table (no menu, no sitemap). */
export const confirmEmailChangePaths = {
  de: '/de/email-aenderung-bestaetigen',
  en: '/en/confirm-email-change',
} as const;

/** The JSON download of everything stored about the logged-in customer. */
export const personalDataExportPath = '/resources/personal-data';

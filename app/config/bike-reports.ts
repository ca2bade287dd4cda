import type { Brand } from './brand';

/**
 * Bike reports (docs/rules/bike-reports.md): every rule's number in one place.
 */
export const bikeReportRules = {
  /** Bike numbers are 4 to 6 digits (the number on the bike's frame and lock). */
  bikeNumberDigits: { min: 4, max: 6 },
  /** Longest description; line breaks count as one character, as the browser counts them. */
  descriptionMaxLength: 2000,
  /** A seen time this far ahead of the server's clock still counts as "now" (clocks drift). */
  seenAtFutureToleranceMs: 5 * 60_000,
  /** A seen time further back is most likely a typo in the year. */
  seenAtMaxAgeDays: 365,
  /** Reports without a login per IP address and hour; logged-in customers are not limited. */
  anonymousReportsPerIpPerHour: 10,
  /** `R-2026-7KQ4XM`: prefix, year (Europe/Berlin), random part. */
  reference: {
    prefix: 'R',
    randomLength: 6,
    /** No 0/O, 1/I/L or U: nothing that reads as another character on the phone. */
    alphabet: '23456789ABCDEFGHJKMNPQRSTVWXYZ',
    /** Tries with a new random part when a reference is taken (30^6 per year: a collision is rare). */
    attempts: 5,
  },
  /** The browser's position (docs/rules/bike-reports.md#position). */
  geolocation: { enableHighAccuracy: true, maximumAge: 30_000, timeout: 27_000 },
} as const;

/**
 * Where the service team's copy of a report goes when SERVICE_TEAM_EMAIL is not set. Addresses in
 * the reserved `.example` domain: a deployment that forgets the setting sends nothing to a real
 * mailbox by accident (docs/decisions/0010-bike-reports-and-terminal.md).
 */
export const defaultServiceTeamEmail: Record<Brand, string> = {
  cab: 'service@callabike.example',
  flinkster: 'service@flinkster.example',
};

/**
 * What every report has, whatever it is about (docs/rules/reports.md): the numbers of the time seen, the
 * reference, the browser's position and the limit on anonymous reports. Bike reports
 * (app/config/bike-reports.ts) and vehicle damage reports (app/config/damage-reports.ts) add their own.
 */
export const reportRules = {
  /** Longest description; line breaks count as one character, as the browser counts them. */
  descriptionMaxLength: 2000,
  /** A seen time this far ahead of the server's clock still counts as "now" (clocks drift). */
  seenAtFutureToleranceMs: 5 * 60_000,
  /** A seen time further back is most likely a typo in the year. */
  seenAtMaxAgeDays: 365,
  /** Reports without a login per IP address (an IPv6 address by its /64 network) and hour. */
  anonymousReportsPerIpPerHour: 10,
  /**
   * Reports per logged-in customer and hour, whatever address they come from: each one mails the reporter
   * and the service team, so an account must not become a mail cannon. Generous for a real day's work.
   */
  reportsPerCustomerPerHour: 20,
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

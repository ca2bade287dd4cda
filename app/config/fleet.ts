/**
 * The fleet system's way in (docs/rules/rides-and-charges.md#trips-in): the one path that takes a JSON body signed
 * by a machine instead of a form with a CSRF token, and its limits, in one place for the route, the CSRF middleware
 * and the HTTP server's body limit.
 */
export const fleetTrips = {
  path: '/api/fleet/trips',
  /** The largest body taken: 100 trips of about 600 bytes each fit well; anything larger is refused (413) unread. */
  maxBodyBytes: 256 * 1024,
  /** Trips in one `{"trips": [...]}` body at most. */
  maxBatch: 100,
  signatureHeader: 'x-fleet-signature',
} as const;

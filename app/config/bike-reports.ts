import type { Brand } from './brand';
import { reportRules } from './reports';

/**
 * Bike reports (docs/rules/bike-reports.md): every rule's number in one place.
 */
export const bikeReportRules = {
  /** Bike numbers are 4 to 6 digits (the number on the bike's frame and lock). */
  bikeNumberDigits: { min: 4, max: 6 },
  /** Description, time seen, reference, position and the anonymous limit: what every report has. */
  ...reportRules,
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

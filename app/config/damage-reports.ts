import { reportRules } from './reports';

/**
 * Vehicle damage reports of car sharing (docs/rules/reports.md#vehicle-damage-reports): every rule's
 * number in one place. Time seen, reference, description and the anonymous limit are those of every
 * report (app/config/reports.ts).
 */
export const damageKinds = ['scratch', 'dent', 'glass', 'tyre', 'interior', 'technical', 'other'] as const;
export type DamageKind = (typeof damageKinds)[number];

export const damagePositions = ['front', 'rear', 'left', 'right', 'roof', 'interior'] as const;
export type DamagePosition = (typeof damagePositions)[number];

/** The image types a photo may have, by what its bytes say (never by its name or the browser's claim). */
export const photoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof photoTypes)[number];

export const damageReportRules = {
  ...reportRules,
  photos: {
    /** Photos per report. */
    maxCount: 5,
    /** Bytes of one photo as sent. */
    maxBytes: 10 * 1024 * 1024,
  },
} as const;

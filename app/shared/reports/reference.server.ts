import { randomInt } from 'node:crypto';
import { reportRules } from '~/config/reports';
import { berlinYear } from './seen-at';

const { prefix, randomLength, alphabet } = reportRules.reference;

/** A random part from the unambiguous alphabet, drawn without modulo bias. */
export function randomReferencePart(): string {
  let part = '';
  for (let i = 0; i < randomLength; i++) part += alphabet[randomInt(alphabet.length)];
  return part;
}

/**
 * A report's reference: `R-2026-7KQ4XM`. Readable on the phone, unguessable enough that one
 * report's reference says nothing about another's; uniqueness is the database's unique index,
 * with a new random part on a collision (bike-reports.server.ts).
 */
export function formatReference(instant: Date, randomPart: string): string {
  return `${prefix}-${berlinYear(instant)}-${randomPart}`;
}

const referencePattern = new RegExp(`^${prefix}-\\d{4}-[${alphabet}]{${randomLength}}$`);

/** Whether a text has a reference's shape (it may still name no report). */
export function isReference(value: string): boolean {
  return referencePattern.test(value);
}

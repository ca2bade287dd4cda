import {
  signedReferenceQuery,
  verifiedReference as verifiedSignedReference,
} from '~/shared/security/signed-reference.server';
import { isReference } from './reference.server';

/** Which report a confirmation belongs to: one kind's signature never passes for another's. */
export type ReportPurpose = 'bike-report' | 'damage-report';

/** The signed query of a report's confirmation page (post/redirect/get). */
export function confirmationQuery(
  reference: string,
  secret: string,
  purpose: ReportPurpose = 'bike-report',
): URLSearchParams {
  return signedReferenceQuery(purpose, reference, secret);
}

/** The report reference in a confirmation query, when its signature is right; otherwise null. */
export function verifiedReference(
  search: URLSearchParams,
  secret: string,
  purpose: ReportPurpose = 'bike-report',
): string | null {
  return verifiedSignedReference(purpose, search, secret, isReference);
}

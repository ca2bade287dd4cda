import {
  signedReferenceQuery,
  verifiedReference as verifiedSignedReference,
} from '~/shared/security/signed-reference.server';
import { isReference } from './reference.server';

/** The signed query of a report's confirmation page (post/redirect/get). */
export function confirmationQuery(reference: string, secret: string): URLSearchParams {
  return signedReferenceQuery('bike-report', reference, secret);
}

/** The report reference in a confirmation query, when its signature is right; otherwise null. */
export function verifiedReference(search: URLSearchParams, secret: string): string | null {
  return verifiedSignedReference('bike-report', search, secret, isReference);
}

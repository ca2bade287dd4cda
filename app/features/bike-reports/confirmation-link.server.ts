import { createHmac, timingSafeEqual } from 'node:crypto';
import { isReference } from './reference.server';

/**
 * The confirmation page after a report is a GET (post/redirect/get: a reload sends nothing twice),
 * so the reference travels in its query. It is signed with the server's secret: nobody can make
 * the site show "your report R-…" for a reference it never issued.
 */
export function signReference(reference: string, secret: string): string {
  return createHmac('sha256', secret).update(`bike-report:${reference}`).digest('base64url').slice(0, 22);
}

/** The reference in a confirmation query, when its signature is right; otherwise null. */
export function verifiedReference(search: URLSearchParams, secret: string): string | null {
  const reference = search.get('reference') ?? '';
  const signature = search.get('signature') ?? '';
  if (!isReference(reference)) return null;
  const expected = Buffer.from(signReference(reference, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? reference : null;
}

export function confirmationQuery(reference: string, secret: string): URLSearchParams {
  return new URLSearchParams({ reference, signature: signReference(reference, secret) });
}

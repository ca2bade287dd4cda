import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A confirmation page after a form is a GET (post/redirect/get: a reload sends nothing twice), so
 * the reference of what was stored travels in its query, signed with the server's secret: nobody
 * can make the site show a confirmation for a reference it never issued, and the address holds
 * nothing but the opaque reference and its signature. `purpose` keeps one kind's signature from
 * passing for another's.
 */
export function signedReferenceQuery(purpose: string, reference: string, secret: string): URLSearchParams {
  return new URLSearchParams({ reference, signature: sign(purpose, reference, secret) });
}

/** The reference in a confirmation query, when it is well formed and its signature is right. */
export function verifiedReference(
  purpose: string,
  search: URLSearchParams,
  secret: string,
  isWellFormed: (reference: string) => boolean,
): string | null {
  const reference = search.get('reference') ?? '';
  const signature = search.get('signature') ?? '';
  if (!isWellFormed(reference)) return null;
  const expected = Buffer.from(sign(purpose, reference, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? reference : null;
}

function sign(purpose: string, reference: string, secret: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${reference}`).digest('base64url').slice(0, 22);
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A confirmation page after a form is a GET (post/redirect/get: a reload sends nothing twice), so
 * the reference of what was stored travels in its query, signed with the server's secret: nobody
 * can make the site show a confirmation for a reference it never issued, and the address holds
 * nothing but the opaque reference and its signature. `purpose` keeps one kind's signature from
 * passing for another's.
 */
export function signedReferenceQuery(
  purpose: string,
  reference: string,
  secret: string,
  /** When the address is given out; signed with it, so that a page with personal data can expire. */
  issuedAt?: Date,
): URLSearchParams {
  if (!issuedAt) return new URLSearchParams({ reference, signature: sign(purpose, reference, secret) });
  const issued = String(Math.floor(issuedAt.getTime() / 1000));
  return new URLSearchParams({ reference, issued, signature: sign(purpose, `${reference}:${issued}`, secret) });
}

/**
 * The reference in a confirmation query, when it is well formed and its signature is right; with
 * `expiry`, only while the address is younger than `expiry.maxAgeMs`.
 */
export function verifiedReference(
  purpose: string,
  search: URLSearchParams,
  secret: string,
  isWellFormed: (reference: string) => boolean,
  expiry?: { maxAgeMs: number; now: Date },
): string | null {
  const reference = search.get('reference') ?? '';
  const signature = search.get('signature') ?? '';
  if (!isWellFormed(reference)) return null;
  let signed = reference;
  if (expiry) {
    const issued = search.get('issued') ?? '';
    if (!/^\d{1,12}$/.test(issued)) return null;
    const age = expiry.now.getTime() - Number(issued) * 1000;
    if (age < -60_000 || age > expiry.maxAgeMs) return null;
    signed = `${reference}:${issued}`;
  }
  const expected = Buffer.from(sign(purpose, signed, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? reference : null;
}

function sign(purpose: string, reference: string, secret: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${reference}`).digest('base64url').slice(0, 22);
}

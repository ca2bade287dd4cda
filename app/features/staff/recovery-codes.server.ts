import { createHmac, randomBytes } from 'node:crypto';

/**
 * Recovery codes: ten random codes of 10 characters (50 bits each) handed out once at enrolment,
 * each good for one login without the authenticator. Stored as keyed hashes (HMAC with STAFF_TOTP_KEY):
 * the codes are random, so a fast keyed hash suffices where a password would need argon2.
 */
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read aloud and typed without doubt

export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What a typed code is compared as: lower case, without spaces and the dash. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

export function recoveryCodeHash(code: string, key: string): string {
  return createHmac('sha256', key)
    .update(`staff-recovery:${normalizeRecoveryCode(code)}`)
    .digest('base64url');
}

export function looksLikeRecoveryCode(input: string): boolean {
  return /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(input));
}

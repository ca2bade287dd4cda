import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { backOffice } from '~/config/back-office';

/**
 * Time-based one-time passwords as RFC 6238 defines them (HMAC-SHA1, 30-second steps, 6 digits),
 * which every authenticator app speaks. Built on node:crypto: the algorithm is a few lines, and a
 * test checks it against the RFC's own test vectors.
 */

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 random bits, as RFC 4226 recommends, in base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP (RFC 4226) of one counter value. */
export function hotp(secret: Buffer, counter: number, digits: number = backOffice.totp.digits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / backOffice.totp.stepSeconds);
}

/**
 * The time step a code belongs to, within the accepted window around now, or null. The caller still
 * has to refuse a step not later than the last one used (replay).
 */
export function matchTotp(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = base32Decode(secretBase32);
  const current = timeStep(nowMs);
  let matched: number | null = null;
  // Every step in the window is computed, so the time taken does not tell which one matched.
  for (let step = current - backOffice.totp.window; step <= current + backOffice.totp.window; step += 1) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code)) && matched === null) matched = step;
  }
  return matched;
}

/** The `otpauth://` URI an authenticator app reads (usually from a QR code), per Google's key URI format. */
export function otpauthUri(secretBase32: string, account: string): string {
  const issuer = backOffice.totp.issuer;
  const label = encodeURIComponent(`${issuer}:${account}`);
  // Percent-encoded as the key URI format has it (RFC 3986), not as a form (URLSearchParams writes a
  // space as `+`, which apps show as a plus sign in the issuer's name).
  const query = Object.entries({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(backOffice.totp.digits),
    period: String(backOffice.totp.stepSeconds),
  })
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `otpauth://totp/${label}?${query}`;
}

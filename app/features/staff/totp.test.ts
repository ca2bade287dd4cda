import { HOTP, Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { backOffice } from '~/config/back-office';
import { authenticatorCode, totpOfUri } from '../../../tests/support/authenticator';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, timeStep } from './totp.server';

// RFC 6238, appendix B: the SHA-1 seed and the 8-digit codes at its test times.
const rfcSeed = Buffer.from('12345678901234567890', 'ascii');
const rfcVectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('computes the RFC test vectors, as the otpauth package does', () => {
    const seed = Secret.fromLatin1(rfcSeed.toString('latin1'));
    for (const [seconds, expected] of rfcVectors) {
      const step = Math.floor(seconds / 30);
      expect(hotp(rfcSeed, step, 8)).toBe(expected);
      expect(HOTP.generate({ secret: seed, counter: step, digits: 8 })).toBe(expected);
    }
  });

  it('reads and writes base32 as authenticator apps do', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret).equals(Buffer.from(Secret.fromBase32(secret).bytes))).toBe(true);
    expect(base32Encode(rfcSeed)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('accepts the code of now and of one step either side, nothing further, and says which step it was', () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 10, 24, 9, 0, 10);
    const step = timeStep(now);
    expect(matchTotp(secret, authenticatorCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, authenticatorCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, authenticatorCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, authenticatorCode(secret, now - 60_000), now)).toBeNull();
    expect(matchTotp(secret, authenticatorCode(secret, now + 60_000), now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('writes an otpauth URI that an authenticator app reads into the same key and codes', () => {
    const secret = newTotpSecret();
    const uri = otpauthUri(secret, 'anna@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const totp = totpOfUri(uri);
    expect(totp).toMatchObject({
      issuer: backOffice.totp.issuer,
      label: 'anna@example.com',
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    expect(totp.secret.base32).toBe(secret);
    const now = Date.UTC(2026, 10, 24, 9, 0, 10);
    expect(matchTotp(secret, totp.generate({ timestamp: now }), now)).toBe(timeStep(now));
  });
});

import { createHmac } from 'node:crypto';

/**
 * A TOTP code computed independently of the app's implementation (features/staff/totp.server.ts),
 * straight from RFC 6238 / RFC 4226 with node:crypto: the tests log in with codes an authenticator
 * app would show. (The `otpauth` package is not installed in this project.)
 */
export function referenceTotp(base32Secret: string, atMs: number, digits = 6, stepSeconds = 30): string {
  return referenceHotp(decodeBase32(base32Secret), Math.floor(atMs / 1000 / stepSeconds), digits);
}

export function referenceHotp(key: Buffer, counter: number, digits: number, algorithm = 'sha1'): string {
  const counterBytes = Buffer.alloc(8);
  counterBytes.writeUInt32BE(Math.floor(counter / 2 ** 32), 0);
  counterBytes.writeUInt32BE(counter % 2 ** 32, 4);
  const hmac = createHmac(algorithm, key).update(counterBytes).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code =
    ((hmac[offset]! & 0x7f) << 24) |
    ((hmac[offset + 1]! & 0xff) << 16) |
    ((hmac[offset + 2]! & 0xff) << 8) |
    (hmac[offset + 3]! & 0xff);
  return (code % 10 ** digits).toString().padStart(digits, '0');
}

/** RFC 4648 base32, the way authenticator apps read the `secret` of an otpauth URI. */
export function decodeBase32(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = input
    .toUpperCase()
    .replace(/=+$/, '')
    .split('')
    .map((char) => {
      const index = alphabet.indexOf(char);
      if (index < 0) throw new Error(`invalid base32 character ${char}`);
      return index.toString(2).padStart(5, '0');
    })
    .join('');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The `secret` parameter of an otpauth URI. */
export function secretOfUri(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}

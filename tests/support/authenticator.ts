import { Secret, TOTP, URI } from 'otpauth';

/**
 * What an authenticator app computes, by the `otpauth` package: an implementation independent of the
 * app's own (app/features/staff/totp.server.ts), so the tests log in with the codes a person's phone
 * would show, and a mistake shared by the app and its tests cannot hide.
 */

/** The TOTP an app reads from an `otpauth://` URI (the QR code); anything but a TOTP URI is an error. */
export function totpOfUri(uri: string): TOTP {
  const otp = URI.parse(uri);
  if (!(otp instanceof TOTP)) throw new Error(`not a TOTP key URI: ${uri}`);
  return otp;
}

/** The base32 secret of an `otpauth://` URI, as an app reads it. */
export function secretOfUri(uri: string): string {
  return totpOfUri(uri).secret.base32;
}

/**
 * The code an app shows at `atMs` (now by default) for a secret typed in by hand: with the defaults
 * every app assumes, SHA-1, 6 digits, 30 seconds.
 */
export function authenticatorCode(base32Secret: string, atMs = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(base32Secret) }).generate({ timestamp: atMs });
}

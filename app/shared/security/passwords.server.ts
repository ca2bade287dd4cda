import { hash, verify } from '@node-rs/argon2';
import { security } from '~/config/security';

const options = { ...security.argon2, algorithm: 2 /* argon2id */ } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** A hash of nothing anybody knows: verified against when an email is unknown, so timing matches. */
let decoyHash: Promise<string> | undefined;

/**
 * Verifies a password; for an unknown account (hash undefined) it still does the same work and
 * answers false, so response times do not tell which emails exist.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that matches no account');
  try {
    const matches = await verify(passwordHash ?? (await decoyHash), password);
    return passwordHash !== undefined && matches;
  } catch {
    return false;
  }
}

import { security } from '~/config/security';

/**
 * Password rules (docs/rules/accounts.md#passwords): 12 to 128 characters of any kind, no composition
 * rules, not containing the email's local part. The list of common passwords is checked on the server only.
 * Returns a catalogue key, or null when the password is acceptable.
 */
export function passwordProblem(password: string, email: string | undefined): string | null {
  // Characters as people count them: an emoji or any letter outside the BMP counts once.
  const length = [...password].length;
  if (length < security.password.minLength) return 'password.too-short';
  if (length > security.password.maxLength) return 'password.too-long';
  const localPart = email?.split('@')[0]?.trim().toLowerCase() ?? '';
  if (localPart.length >= 3 && password.toLowerCase().includes(localPart)) return 'password.contains-email';
  return null;
}

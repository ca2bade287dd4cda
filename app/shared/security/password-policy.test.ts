import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../features/accounts/common-passwords.server';
import { passwordProblem } from './password-policy';

describe('password policy', () => {
  it('takes 12 to 128 characters of any kind, counted as characters, not code units', () => {
    expect(passwordProblem('kurz', 'erika@example.org')).toBe('password.too-short');
    expect(passwordProblem('Radfahren ist schön', 'erika@example.org')).toBeNull();
    expect(passwordProblem('x'.repeat(128), undefined)).toBeNull();
    expect(passwordProblem('x'.repeat(129), undefined)).toBe('password.too-long');
    // Eleven characters, though 22 UTF-16 code units: still too short.
    expect(passwordProblem('🚲'.repeat(11), undefined)).toBe('password.too-short');
    expect(passwordProblem('🚲'.repeat(12), undefined)).toBeNull();
  });

  it('refuses the email’s local part inside the password', () => {
    expect(passwordProblem('ich-bin-Erika.Mustermann!', 'erika.mustermann@example.org')).toBe(
      'password.contains-email',
    );
  });

  it('refuses passwords from breach lists and our own list, and the shapes guessed first', () => {
    for (const password of ['qwerty123456', '1qaz2wsx3edc', 'LeaveMeAlone', 'passwort1234', 'callabike123']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('aaaaaaaaaaaaaa')).toBe(true);
    expect(isCommonPassword('98765432109876')).toBe(true);
    expect(isCommonPassword('Radfahren im Regen ist schön')).toBe(false);
  });
});

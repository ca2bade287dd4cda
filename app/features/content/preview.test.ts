import { describe, expect, it } from 'vitest';
import { isPreviewSecret, isValidPreviewCookie, previewCookie } from './preview.server';

const secret = 'a-preview-secret-of-enough-length';
const cookieValue = (header: string) => /^preview=([^;]+)/.exec(header)?.[1] ?? '';

describe('draft preview access', () => {
  it('accepts only the configured secret', () => {
    expect(isPreviewSecret(secret, secret)).toBe(true);
    expect(isPreviewSecret('wrong', secret)).toBe(false);
    expect(isPreviewSecret('', secret)).toBe(false);
  });

  it('issues an httpOnly cookie limited to /preview that is valid for an hour', () => {
    const now = Date.UTC(2026, 10, 22, 10);
    const header = previewCookie(secret, true, now);
    expect(header).toMatch(/Path=\/preview; HttpOnly; SameSite=Lax; Max-Age=3600; Secure$/);
    expect(isValidPreviewCookie(cookieValue(header), secret, now + 59 * 60_000)).toBe(true);
    expect(isValidPreviewCookie(cookieValue(header), secret, now + 61 * 60_000)).toBe(false);
  });

  it('refuses a cookie signed with another secret or with a changed expiry', () => {
    const now = Date.now();
    const value = cookieValue(previewCookie(secret, false, now));
    expect(isValidPreviewCookie(value, 'another-secret-of-enough-length', now)).toBe(false);
    const [, signature] = value.split('.');
    expect(isValidPreviewCookie(`${now + 10 * 60 * 60_000}.${signature}`, secret, now)).toBe(false);
    expect(isValidPreviewCookie(undefined, secret, now)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { assertValidCsrf, isCrossOrigin, issueCsrfToken } from './csrf.server';

const secret = 's'.repeat(43);
const requestWith = (headers: Record<string, string>, url = 'https://kunden.example.com/de/anmelden') =>
  new Request(url, { method: 'POST', headers });

describe('CSRF protection', () => {
  it('accepts a form whose token matches the browser’s cookie', () => {
    const issued = issueCsrfToken(new Request('https://kunden.example.com/de/anmelden'), secret, true);
    expect(issued.setCookie).toMatch(/^csrf=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    const cookie = issued.setCookie!.split(';')[0]!;
    const form = new FormData();
    form.set('csrf', issued.token);
    expect(() => assertValidCsrf(requestWith({ cookie }), form, secret)).not.toThrow();
    // The same cookie gives the same token, and no new cookie.
    expect(issueCsrfToken(requestWith({ cookie }), secret, true)).toEqual({ token: issued.token });
  });

  it('refuses a missing, forged or foreign token', () => {
    const issued = issueCsrfToken(new Request('https://kunden.example.com/'), secret, false);
    const cookie = issued.setCookie!.split(';')[0]!;
    const other = issueCsrfToken(new Request('https://kunden.example.com/'), secret, false);
    for (const token of [undefined, 'forged', other.token]) {
      const form = new FormData();
      if (token) form.set('csrf', token);
      expect(() => assertValidCsrf(requestWith({ cookie }), form, secret)).toThrow();
    }
    const form = new FormData();
    form.set('csrf', issued.token);
    expect(() => assertValidCsrf(requestWith({}), form, secret)).toThrow();
  });

  it('recognises requests from other origins', () => {
    const publicUrl = 'https://kunden.example.com';
    expect(isCrossOrigin(requestWith({ origin: 'https://evil.example' }), publicUrl)).toBe(true);
    expect(isCrossOrigin(requestWith({ 'sec-fetch-site': 'cross-site' }), publicUrl)).toBe(true);
    expect(
      isCrossOrigin(requestWith({ origin: 'https://kunden.example.com', 'sec-fetch-site': 'same-origin' }), publicUrl),
    ).toBe(false);
    expect(
      isCrossOrigin(
        requestWith({ origin: 'https://kunden.example.com' }, 'http://10.0.0.5:3000/de/anmelden'),
        publicUrl,
      ),
    ).toBe(false);
  });
});

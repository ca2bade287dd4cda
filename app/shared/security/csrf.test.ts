import { describe, expect, it } from 'vitest';
import { isValidCsrf, isCrossOrigin, issueCsrfToken } from './csrf.server';

const secret = 's'.repeat(43);
const requestWith = (headers: Record<string, string>, url = 'https://kunden.example.com/de/anmelden') =>
  new Request(url, { method: 'POST', headers });

describe('CSRF protection', () => {
  const sessionA = 'a'.repeat(64);
  const sessionB = 'b'.repeat(64);
  const formWith = (token: string | undefined) => {
    const form = new FormData();
    if (token) form.set('csrf', token);
    return form;
  };

  it('accepts a form whose token matches the browser’s host-only cookie under HTTPS', () => {
    const issued = issueCsrfToken(new Request('https://kunden.example.com/de/anmelden'), secret, true, null);
    expect(issued.setCookie).toMatch(/^__Host-csrf=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    const cookie = issued.setCookie!.split(';')[0]!;
    expect(isValidCsrf(requestWith({ cookie }), formWith(issued.token), secret, true, null)).toBe(true);
    // The same cookie gives the same token, and no new cookie.
    expect(issueCsrfToken(requestWith({ cookie }), secret, true, null)).toEqual({ token: issued.token });
    // A cookie without the prefix (set by a sibling host or over plain HTTP) counts for nothing.
    const unprefixed = cookie.replace('__Host-csrf=', 'csrf=');
    expect(isValidCsrf(requestWith({ cookie: unprefixed }), formWith(issued.token), secret, true, null)).toBe(false);
  });

  it('uses a plain cookie name over HTTP, where the prefix is not allowed', () => {
    const issued = issueCsrfToken(new Request('http://localhost:3000/de/anmelden'), secret, false, null);
    expect(issued.setCookie).toMatch(/^csrf=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('refuses a missing, forged or foreign token', () => {
    const issued = issueCsrfToken(new Request('https://kunden.example.com/'), secret, false, null);
    const cookie = issued.setCookie!.split(';')[0]!;
    const other = issueCsrfToken(new Request('https://kunden.example.com/'), secret, false, null);
    for (const token of [undefined, 'forged', other.token]) {
      expect(isValidCsrf(requestWith({ cookie }), formWith(token), secret, false, null)).toBe(false);
    }
    expect(isValidCsrf(requestWith({}), formWith(issued.token), secret, false, null)).toBe(false);
  });

  it('binds the token to the session: one from before the login or from another session does not work', () => {
    const cookie = issueCsrfToken(new Request('https://kunden.example.com/'), secret, true, null).setCookie!.split(
      ';',
    )[0]!;
    const request = requestWith({ cookie });
    const beforeLogin = issueCsrfToken(request, secret, true, null).token;
    const inA = issueCsrfToken(request, secret, true, sessionA).token;
    const inB = issueCsrfToken(request, secret, true, sessionB).token;
    expect(new Set([beforeLogin, inA, inB]).size).toBe(3);

    // The login form of a page rendered without a session is sent without one.
    expect(isValidCsrf(request, formWith(beforeLogin), secret, true, null)).toBe(true);
    expect(isValidCsrf(request, formWith(inA), secret, true, sessionA)).toBe(true);
    expect(isValidCsrf(request, formWith(beforeLogin), secret, true, sessionA)).toBe(false);
    expect(isValidCsrf(request, formWith(inB), secret, true, sessionA)).toBe(false);
    expect(isValidCsrf(request, formWith(inA), secret, true, null)).toBe(false);
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

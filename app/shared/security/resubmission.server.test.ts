import { describe, expect, it } from 'vitest';
import { clearResubmission, readResubmission, resubmissionRedirect, resubmitMessage } from './resubmission.server';

const publicUrl = 'https://kunden.example.com';
const typedForm = () => {
  const form = new FormData();
  form.set('csrf', 'stale-token');
  form.set('form-id', 'registration');
  form.set('email', 'kundin@example.com');
  form.set('password', 'geheim-und-lang');
  form.set('address.text', 'Musterstraße 1, 10115 Berlin');
  form.set('website', '');
  return form;
};
/**
 * A request and its page's address (`pageUrl`, else its own), as the router gives both to middleware
 * and loaders: a data request's address is the page's.
 */
const post = (url: string, headers: Record<string, string>, pageUrl = url) =>
  [new Request(url, { method: 'POST', headers }), new URL(pageUrl)] as const;
const get = (url: string, cookie?: string, pageUrl = url) =>
  [new Request(url, cookie ? { headers: { cookie } } : {}), new URL(pageUrl)] as const;

describe('a form refused for its expired token', () => {
  it('goes back to its page with what was typed, except the password and the hidden fields', () => {
    const response = resubmissionRedirect(
      ...post(
        'https://kunden.example.com/de/registrieren.data?aktion=SOMMER&index',
        { 'sec-fetch-site': 'same-origin' },
        'https://kunden.example.com/de/registrieren?aktion=SOMMER',
      ),
      typedForm(),
      publicUrl,
      true,
    );
    expect(response?.status).toBe(303);
    expect(response?.headers.get('location')).toBe('/de/registrieren?aktion=SOMMER');
    const setCookie = response!.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/; Path=\/; Max-Age=300; HttpOnly; SameSite=Lax; Secure$/);

    const cookie = setCookie.split(';')[0]!;
    // Read by the page's document request and by its data request, never by another page.
    const { resubmission: back } = readResubmission(...get(`${publicUrl}/de/registrieren?aktion=SOMMER`, cookie));
    expect(
      readResubmission(...get(`${publicUrl}/de/registrieren.data`, cookie, `${publicUrl}/de/registrieren`))
        .resubmission,
    ).toEqual(back);
    expect(readResubmission(...get(`${publicUrl}/de/anmelden`, cookie))).toEqual({
      present: true,
      resubmission: null,
    });
    expect(back?.formId).toBe('registration');
    expect(back?.result.error).toEqual({ '': [resubmitMessage] });
    expect(back?.result.initialValue).toEqual({
      email: 'kundin@example.com',
      address: { text: 'Musterstraße 1, 10115 Berlin' },
    });
    expect(JSON.stringify(back)).not.toContain('geheim');
    expect(JSON.stringify(back)).not.toContain('stale-token');
  });

  it('accepts our Origin header when the browser sends no fetch metadata', () => {
    const response = resubmissionRedirect(
      ...post('http://localhost:3000/en/register', { origin: 'http://localhost:3000' }),
      typedForm(),
      publicUrl,
      false,
    );
    expect(response?.status).toBe(303);
    expect(response?.headers.get('set-cookie')).not.toContain('Secure');
  });

  it('is refused as before when nothing shows the form came from our origin, names no form, or has no page', () => {
    expect(resubmissionRedirect(...post(`${publicUrl}/de/registrieren`, {}), typedForm(), publicUrl, true)).toBeNull();
    expect(
      resubmissionRedirect(
        ...post(`${publicUrl}/de/registrieren`, { origin: 'https://evil.example' }),
        typedForm(),
        publicUrl,
        true,
      ),
    ).toBeNull();
    const unnamed = typedForm();
    unnamed.delete('form-id');
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    expect(
      resubmissionRedirect(...post(`${publicUrl}/de/registrieren`, sameOrigin), unnamed, publicUrl, true),
    ).toBeNull();
    expect(
      resubmissionRedirect(...post(`${publicUrl}/resources/logout`, sameOrigin), typedForm(), publicUrl, true),
    ).toBeNull();
  });

  it('keeps the message but drops the values of a form too long for a cookie', () => {
    const long = typedForm();
    long.set('description', 'x'.repeat(5000));
    const response = resubmissionRedirect(
      ...post(`${publicUrl}/de/fahrrad-melden`, { 'sec-fetch-site': 'same-origin' }),
      long,
      publicUrl,
      true,
    );
    const cookie = response!.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie.length).toBeLessThan(3100);
    const { resubmission: back } = readResubmission(...get(`${publicUrl}/de/fahrrad-melden`, cookie));
    expect(back?.result.initialValue).toEqual({});
    expect(back?.result.error).toEqual({ '': [resubmitMessage] });
  });

  it('never keeps a link token, and gives the plain refusal where even the bare form is beyond the cookie limit', () => {
    const confirm = new FormData();
    confirm.set('csrf', 'stale-token');
    confirm.set('form-id', 'verify-email');
    confirm.set('token', 'one-time-secret');
    const back = resubmissionRedirect(
      ...post(`${publicUrl}/de/email-bestaetigen?token=one-time-secret`, { 'sec-fetch-site': 'same-origin' }),
      confirm,
      publicUrl,
      true,
    );
    const cookie = back!.headers.get('set-cookie')!.split(';')[0]!;
    expect(Buffer.from(cookie.split('=')[1]!, 'base64url').toString('utf8')).not.toContain('one-time-secret');

    const response = resubmissionRedirect(
      ...post(`${publicUrl}/de/${'x'.repeat(4000)}`, { 'sec-fetch-site': 'same-origin' }),
      typedForm(),
      publicUrl,
      true,
    );
    expect(response).toBeNull();
  });

  it('ignores a cookie that is not one of ours and clears the one it read', () => {
    expect(readResubmission(...get(publicUrl, 'form-resend=bm9uc2Vuc2U'))).toEqual({
      present: true,
      resubmission: null,
    });
    expect(readResubmission(...get(publicUrl)).present).toBe(false);
    expect(clearResubmission(true)).toBe('form-resend=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure');
  });
});

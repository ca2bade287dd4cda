// Logging in the way a browser without JavaScript does: open the login page (it sets the `csrf`
// cookie and renders the form with its token), then post the form with that cookie, from our origin.
import { URLSearchParams } from 'node:url';

/** The customer the app seeds on a fresh PGlite database, with the default password (README, "Run it"). */
export const demoCustomer = { email: 'demo@example.com', password: 'Fahrrad-Sommer-2026' };
export const loginPath = '/de/anmelden';

/** A browser's state after opening the login page: its CSRF cookie and the form's token. */
export async function openLoginForm(appUrl) {
  const response = await globalThis.fetch(appUrl + loginPath);
  const cookie = /^csrf=([^;]+)/.exec(response.headers.getSetCookie().find((c) => c.startsWith('csrf=')) ?? '')?.[1];
  const token = /\sname="csrf" value="([^"]+)"/.exec(await response.text())?.[1];
  if (response.status !== 200 || !cookie || !token) {
    throw new Error(`${loginPath} answered ${response.status} without a CSRF cookie and token`);
  }
  return { cookie: `csrf=${cookie}`, token };
}

/**
 * The login form's POST as a browser sends it (form encoding, the CSRF cookie, Origin and
 * Sec-Fetch-Site of a same-origin form); its answer is a 302 to the self-service area that sets a
 * new session cookie.
 */
export function loginRequest(appUrl, form, customer = demoCustomer) {
  return {
    url: appUrl + loginPath,
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: form.cookie,
      origin: appUrl,
      'sec-fetch-site': 'same-origin',
    },
    body: new URLSearchParams({
      csrf: form.token,
      redirectTo: '',
      email: customer.email,
      password: customer.password,
    }).toString(),
    status: 302,
  };
}

/**
 * Logs in once and returns the browser's cookies afterwards (`csrf=…; sid=…`) for a Cookie header:
 * with its CSRF cookie, a page's form token needs no new cookie.
 */
export async function logIn(appUrl, customer = demoCustomer) {
  const form = await openLoginForm(appUrl);
  const { url, status, ...request } = loginRequest(appUrl, form, customer);
  const response = await globalThis.fetch(url, { ...request, redirect: 'manual' });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .find((cookie) => cookie.startsWith('sid='));
  if (response.status !== status || !session) {
    throw new Error(`logging in answered ${response.status} without a session cookie; see the app's log`);
  }
  return `${form.cookie}; ${session}`;
}

const registrationPath = '/de/registrieren';

/**
 * `count` new customers registered through the registration form as a browser without JavaScript
 * sends it, each checked by logging in. A benchmark gives every connection a customer of its own:
 * the login limits how many attempts one account may have in flight at once
 * (docs/rules/accounts.md#brute-force-limits), and many customers log in at once, not one customer
 * many times. At most 20 per address and hour (app/config/security.ts).
 */
export async function registerCustomers(appUrl, count, run = Date.now().toString(36)) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const customer = { email: `bench-${run}-${index}@example.com`, password: 'Sonntags mit dem Rad an den See' };
      const page = await globalThis.fetch(appUrl + registrationPath);
      const cookie = /^csrf=([^;]+)/.exec(page.headers.getSetCookie().find((c) => c.startsWith('csrf=')) ?? '')?.[1];
      const token = /\sname="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
      const response = await globalThis.fetch(appUrl + registrationPath, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `csrf=${cookie}`,
          origin: appUrl,
          'sec-fetch-site': 'same-origin',
        },
        body: new URLSearchParams({
          csrf: token ?? '',
          salutation: 'ms',
          firstName: 'Erika',
          lastName: 'Mustermann',
          birthDate: '15.04.1990',
          'phone.regionCode': 'DE',
          'phone.phonenumber': '01512 3456789',
          'address.text': 'Alexanderplatz 3 10178 Berlin',
          email: customer.email,
          password: customer.password,
          tariffId: 'basis',
          acceptTerms: 'on',
        }).toString(),
      });
      if (response.status !== 302) throw new Error(`registering ${customer.email} answered ${response.status}`);
      // A new and a known address get the same answer: the login tells whether the account is there.
      await logIn(appUrl, customer);
      return customer;
    }),
  );
}

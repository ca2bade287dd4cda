import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { pages } from '../../../app/i18n/route-table';
import { expect } from './test';

/** The customer the seed creates on the embedded database (README, "Run it"). */
export const demoCustomer = { email: 'demo@example.com', password: 'Fahrrad-Sommer-2026' } as const;

export interface NewCustomer {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** `dd.mm.yyyy`, an adult's. */
  birthDate: string;
  /** A German mobile number in national format. */
  phone: string;
  /** An address of the offline gazetteer, exactly as a suggestion reads. */
  address: string;
}

/** A customer no test has registered yet: the email is unique, so tests can run in parallel. */
export function newCustomer(): NewCustomer {
  return {
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: `e2e-${randomUUID()}@example.com`,
    password: 'Sonntags mit dem Rad an den See',
    birthDate: '15.04.1990',
    phone: '01512 3456789',
    address: 'Alexanderplatz 3 10178 Berlin',
  };
}

/**
 * Registers `customer` the way a form without JavaScript does it, over HTTP: the typed address names
 * exactly one suggestion, so the server geocodes it itself. Registration starts no session, so the
 * customer then logs in as they would. For tests whose subject comes after registration; the
 * registration form itself is tested in the browser.
 */
export async function registerByRequest(request: APIRequestContext, customer: NewCustomer): Promise<void> {
  const form = await request.get(pages.register.de);
  expect(form.status()).toBe(200);
  const response = await request.post(pages.register.de, {
    form: {
      csrf: csrfTokenIn(await form.text()),
      salutation: 'ms',
      firstName: customer.firstName,
      lastName: customer.lastName,
      birthDate: customer.birthDate,
      'phone.regionCode': 'DE',
      'phone.phonenumber': customer.phone,
      'address.text': customer.address,
      email: customer.email,
      password: customer.password,
      tariffId: 'basis',
      acceptTerms: 'on',
    },
    maxRedirects: 0,
  });
  expect(response.status(), 'registration redirects to its done page').toBe(302);
  expect(response.headers().location).toBe(`${pages.register.de}?done=1`);
  await logInByRequest(request, customer);
}

/**
 * Logs `customer` in over HTTP, as the login form without JavaScript does. Given a browser
 * context's `request`, the session cookie lands in that context: for tests whose subject is what a
 * logged-in customer sees, not the login itself.
 */
export async function logInByRequest(
  request: APIRequestContext,
  customer: { email: string; password: string },
): Promise<void> {
  const form = await request.get(pages.login.de);
  expect(form.status()).toBe(200);
  const response = await request.post(pages.login.de, {
    form: { csrf: csrfTokenIn(await form.text()), email: customer.email, password: customer.password },
    maxRedirects: 0,
  });
  expect(response.status(), 'the login redirects to the self-service area').toBe(302);
  expect(response.headers().location).toBe(pages.selfService.de);
}

/** The CSRF token of the (first) form in a server-rendered page. */
export function csrfTokenIn(html: string): string {
  const token = /\sname="csrf" value="([^"]+)"/.exec(html)?.[1];
  expect(token, 'the page carries a CSRF token').toBeTruthy();
  return token!;
}

/**
 * Opens the development mailbox (the outbox, shown when no SMTP server is configured) and returns
 * the plain text of the newest mail to `to` whose subject matches `subject`. Mails are queued in
 * the request that causes them, so once that request has answered the mail is there.
 */
export async function readMail(page: Page, to: string, subject: RegExp): Promise<string> {
  await page.goto('/dev/mailbox');
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: `To: ${to}` })
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  await expect(mail).toBeVisible();
  return mail.locator('pre').innerText();
}

/**
 * The link behind an action line of a mail's text (`Label: https://…`), checked to lead back to the
 * server under test and to the page named `path`.
 */
export function linkInMail(text: string, label: string, baseURL: string, path: string): string {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`^${escaped}: (\\S+)$`, 'm').exec(text)?.[1];
  expect(link, `the mail has a "${label}" link`).toBeTruthy();
  const url = new URL(link!);
  expect(url.origin).toBe(new URL(baseURL).origin);
  expect(url.pathname).toBe(path);
  expect(url.searchParams.get('token'), 'the link carries a token').toBeTruthy();
  return link!;
}

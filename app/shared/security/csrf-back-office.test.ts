import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '~/features/accounts/registration.server';
import { createSession } from '~/features/accounts/sessions.server';
import { hostCookieName, staffSessionCookieName } from '~/platform/cookies';
import { registration } from '../../../tests/support/account-fixtures';
import {
  createRouteHarness,
  harnessSessionCookie,
  publicUrl,
  type RouteHarness,
} from '../../../tests/support/route-harness';
import { csrfMiddleware } from './csrf-middleware.server';
import { csrfFor } from './form-page.server';

/**
 * The back office's form tokens are bound to the staff session, the customer pages' to the customer
 * session (docs/decisions/0035-back-office-customer-lookup.md): each works only where it was issued.
 */
describe('CSRF tokens of the back office and of the customer pages', () => {
  let harness: RouteHarness;
  let customerCookie: string;
  const csrfCookie = `${hostCookieName('csrf', true)}=${randomBytes(32).toString('base64url')}`;
  const staffCookie = (token: string) => `${hostCookieName(staffSessionCookieName, true)}=${token}`;
  const staffA = staffCookie(randomBytes(32).toString('base64url'));
  const staffB = staffCookie(randomBytes(32).toString('base64url'));
  const backOfficePage = '/backoffice/staff';
  const customerPage = '/de/kundenbereich';

  beforeAll(async () => {
    harness = await createRouteHarness('pglite');
    const customer = await registerCustomer(harness.services, registration(), { locale: 'de' });
    if (customer.kind !== 'created') throw new Error('customer not created');
    const { token } = await createSession(harness.services.database.db, customer.customerId, 'Firefox');
    customerCookie = `${harnessSessionCookie}=${token}`;
  }, 180_000);
  afterAll(async () => {
    await harness?.dispose();
  });

  const cookieHeader = (...cookies: string[]) => [csrfCookie, ...cookies].join('; ');

  async function tokenFor(pathname: string, ...cookies: string[]): Promise<string> {
    const request = new Request(`${publicUrl}${pathname}`, { headers: { Cookie: cookieHeader(...cookies) } });
    return harness.call(({ request, context }) => csrfFor(request, context).token, request);
  }

  /** Whether the root's CSRF check lets a POST with this token through to the action. */
  async function passes(pathname: string, token: string, ...cookies: string[]): Promise<boolean> {
    const request = new Request(`${publicUrl}${pathname}`, {
      method: 'POST',
      headers: { Cookie: cookieHeader(...cookies), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: token, intent: 'deactivate' }),
    });
    let reached = false;
    const outcome = await harness
      .call(
        (args: Parameters<typeof csrfMiddleware>[0]) =>
          csrfMiddleware(args, () => {
            reached = true;
            return Promise.resolve(new Response('action'));
          }),
        request,
      )
      .catch((thrown: unknown) => thrown);
    if (!reached) expect(outcome).toMatchObject({ init: { status: 403 } });
    return reached;
  }

  it('lets a staff member without a customer session post the back office’s forms', async () => {
    const token = await tokenFor(backOfficePage, staffA);
    expect(await passes(backOfficePage, token, staffA)).toBe(true);
    // A customer session in the same browser changes nothing in the back office.
    expect(await tokenFor(backOfficePage, staffA, customerCookie)).toBe(token);
    expect(await passes(backOfficePage, token, staffA, customerCookie)).toBe(true);
  });

  it('refuses a back-office token of another staff session, or of none', async () => {
    const token = await tokenFor(backOfficePage, staffA);
    expect(await passes(backOfficePage, token, staffB)).toBe(false);
    expect(await passes(backOfficePage, token)).toBe(false);
    // The login page's token (no staff session yet) stops working with the login.
    const beforeLogin = await tokenFor('/backoffice/login');
    expect(await passes('/backoffice/login', beforeLogin)).toBe(true);
    expect(await passes(backOfficePage, beforeLogin, staffA)).toBe(false);
  });

  it('refuses a customer page’s token in the back office, with or without sessions', async () => {
    const withSession = await tokenFor(customerPage, customerCookie);
    expect(await passes(customerPage, withSession, customerCookie)).toBe(true);
    expect(await passes(backOfficePage, withSession, customerCookie, staffA)).toBe(false);
    expect(await passes(backOfficePage, withSession, customerCookie)).toBe(false);
    const anonymous = await tokenFor('/de/anmelden');
    expect(await passes('/de/anmelden', anonymous)).toBe(true);
    expect(await passes('/backoffice/login', anonymous)).toBe(false);
  });

  it('refuses a back-office token on a customer page', async () => {
    const staffToken = await tokenFor(backOfficePage, staffA, customerCookie);
    expect(await passes(customerPage, staffToken, staffA, customerCookie)).toBe(false);
    const loginToken = await tokenFor('/backoffice/login');
    expect(await passes('/de/anmelden', loginToken)).toBe(false);
  });
});

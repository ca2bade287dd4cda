import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRouteHarness, formPost, type RouteHarness } from '../../../tests/support/route-harness';
import { createTestDatabase, databaseBackends } from '../../../tests/support/test-databases';
import { action, loader } from './register';
import { contracts, customers, outbox, sessions } from '~/db/schema';
import { pagePath } from '~/i18n/route-table';

/**
 * Registering an email that already has an account must look the same to the visitor as a new
 * registration (docs/decisions/0020-account-safety.md): same status, same headers and cookies, same
 * redirect, same page. Neither answer starts a session.
 */

const path = pagePath('register', 'de');
const email = 'erika@example.org';

describe.each(databaseBackends)('POST %s registration for a new and a taken email', (backend) => {
  let harness: RouteHarness;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await harness?.dispose();
  });

  /** The form as the page sends it with JavaScript: the picked address suggestion fills the hidden fields. */
  async function registrationForm(): Promise<Record<string, string>> {
    const [address] = await harness.services.geocoding.suggestionsFor('Alexanderplatz 1 Berlin', '198.51.100.7');
    if (!address) throw new Error('the bundled gazetteer knows no Alexanderplatz 1 in Berlin');
    const adult = new Date().getFullYear() - 30;
    return {
      csrf: 'not checked here',
      website: '',
      salutation: 'ms',
      firstName: 'Erika',
      lastName: 'Mustermann',
      birthDate: `12.03.${adult}`,
      'phone.regionCode': 'DE',
      'phone.phonenumber': '0151 23456789',
      'phone.parsedPhoneNumber': '+4915123456789',
      'address.text': address.address,
      'address.lat': String(address.lat),
      'address.lon': String(address.lon),
      'address.id': address.id,
      email,
      password: 'Radfahren im Regen ist schön',
      tariffId: 'basis',
      acceptTerms: 'on',
    };
  }

  async function post(form: Record<string, string>) {
    const started = Date.now();
    const response = await harness.call(action, formPost(path, form));
    const ms = Date.now() - started;
    if (!(response instanceof Response)) throw new Error(`no redirect: ${JSON.stringify(response)}`);
    return { response, ms };
  }

  /** The page the redirect leads to, as the visitor's browser loads it (with whatever cookie it got). */
  async function followRedirect(response: Response) {
    const cookie = response.headers.get('set-cookie');
    const location = response.headers.get('location')!;
    const request = new Request(new URL(location, harness.services.config.publicUrl), {
      headers: cookie ? { Cookie: cookie.split(';')[0]! } : {},
    });
    const page = await harness.call(loader, request);
    const { csrf, ...rest } = page.data;
    expect(csrf).toEqual(expect.any(String));
    return rest;
  }

  const headersOf = (response: Response) => [...response.headers.entries()];

  it('answers both the same, cookies included, and logs neither in', async () => {
    harness = await createRouteHarness(backend);
    const form = await registrationForm();

    const first = await post(form);
    const second = await post(form);

    // What the visitor sees: the same status, the same redirect, the same headers.
    expect(first.response.status).toBe(302);
    expect(second.response.status).toBe(first.response.status);
    expect(first.response.headers.get('location')).toBe(`${path}?done=1`);
    expect(second.response.headers.get('location')).toBe(first.response.headers.get('location'));
    expect(headersOf(second.response)).toEqual(headersOf(first.response));
    expect(await second.response.text()).toBe(await first.response.text());
    // Both answers are padded to the same minimum duration, so timing does not tell them apart.
    expect(first.ms).toBeGreaterThanOrEqual(590);
    expect(second.ms).toBeGreaterThanOrEqual(590);

    // The page behind the redirect carries the same data apart from the CSRF token.
    expect(await followRedirect(second.response)).toEqual(await followRedirect(first.response));

    expect(first.response.headers.get('set-cookie')).toBeNull();
    expect(second.response.headers.get('set-cookie')).toBeNull();

    // Behind the scenes: one account with one contract and no session, and its owner was told
    // of the second registration by mail.
    const [customer, ...others] = await harness.services.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, email));
    expect(others).toEqual([]);
    expect(customer).toMatchObject({
      firstName: 'Erika',
      phoneE164: '+4915123456789',
      addressText: form['address.text'],
    });
    expect(await harness.services.database.db.select().from(contracts)).toMatchObject([
      { customerId: customer!.id, tariffId: 'basis' },
    ]);
    expect(await harness.services.database.db.select().from(sessions)).toEqual([]);
    const mails = await harness.services.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['already-registered', 'verify-email']);
  });
});

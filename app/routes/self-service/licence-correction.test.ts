import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createRouteHarness,
  formPost,
  harnessSessionCookie,
  publicUrl,
  type RouteHarness,
} from '../../../tests/support/route-harness';
import { registration } from '../../../tests/support/account-fixtures';
import { createTestDatabase, databaseBackends } from '../../../tests/support/test-databases';
import { action as registerAction, loader as registerLoader } from '../auth/register';
import { loader as dataLoader } from './data';
import { action as correctionAction, loader as correctionLoader } from './licence-correction';
import { customers, drivingLicences } from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { createSession } from '~/features/accounts/sessions.server';
import { verifyPendingLicences } from '~/features/driving-licence/public.server';
import { pagePath } from '~/i18n/route-table';

/**
 * The driving licence through the routes as the server calls them (docs/rules/accounts.md#driving-licence):
 * the registration form of car sharing asks for it and stores it, bike sharing's does not; a rejected licence is
 * corrected on its own page and is pending again.
 */

const registerPath = pagePath('register', 'de');
const correctionPath = pagePath('licenceCorrection', 'de');

describe.each(databaseBackends)('the driving licence through the routes on %s', (backend) => {
  let harness: RouteHarness;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await harness?.dispose();
  });
  const db = () => harness.services.database.db;

  async function registrationForm(tariffId: string): Promise<Record<string, string>> {
    const [address] = await harness.services.geocoding.suggestionsFor('Alexanderplatz 1 Berlin', '198.51.100.7');
    return {
      csrf: 'not checked here',
      website: '',
      salutation: 'ms',
      firstName: 'Erika',
      lastName: 'Mustermann',
      birthDate: '12.03.1985',
      'phone.regionCode': 'DE',
      'phone.phonenumber': '0151 23456789',
      'phone.parsedPhoneNumber': '+4915123456789',
      'address.text': address!.address,
      'address.lat': String(address!.lat),
      'address.lon': String(address!.lon),
      'address.id': address!.id,
      email: 'erika@example.org',
      password: 'Radfahren im Regen ist schön',
      tariffId,
      acceptTerms: 'on',
    };
  }

  it('asks car sharing for the licence, keeps what was typed with a message per field, and stores it pending', async () => {
    harness = await createRouteHarness(backend, { CLIENT: 'flinkster' });
    const page = await harness.call(registerLoader, new Request(`${publicUrl}${registerPath}`));
    expect(page.data.licenceCountries).toContainEqual({ value: 'DE', label: 'Deutschland' });

    const form = await registrationForm('flinkster-flex');
    const missing = await harness.call(registerAction, formPost(registerPath, form));
    if (missing instanceof Response) throw new Error('a registration without a licence went through');
    expect(missing.result.error).toMatchObject({
      'licence.number': ['required'],
      'licence.issuingCountry': ['licence.country-required'],
      'licence.issuedOn': ['required'],
    });

    const wrong = await harness.call(
      registerAction,
      formPost(registerPath, {
        ...form,
        'licence.number': 'B072 RRE2 I55',
        'licence.issuingCountry': 'DE',
        'licence.issuedOn': '01.06.2099',
        'licence.expiresOn': '01.01.2000',
      }),
    );
    if (wrong instanceof Response) throw new Error('a licence issued in the future went through');
    expect(wrong.result.error).toEqual({
      'licence.issuedOn': ['licence.issued-in-future'],
      'licence.expiresOn': ['licence.expired'],
    });
    // What was typed comes back, for the form without JavaScript.
    expect(wrong.result.initialValue).toMatchObject({
      licence: { number: 'B072 RRE2 I55', issuingCountry: 'DE', issuedOn: '01.06.2099' },
    });
    expect(await db().select().from(customers)).toEqual([]);

    // Issued before the 17th birthday the birth date gives: a typing error in one of the two dates.
    const early = await harness.call(
      registerAction,
      formPost(registerPath, {
        ...form,
        'licence.number': 'B072 RRE2 I55',
        'licence.issuingCountry': 'DE',
        'licence.issuedOn': '11.03.2002',
      }),
    );
    if (early instanceof Response) throw new Error('a licence issued at 16 went through');
    expect(early.result.error).toEqual({ 'licence.issuedOn': ['licence.issued-before-age?years=17'] });

    const done = await harness.call(
      registerAction,
      formPost(registerPath, {
        ...form,
        'licence.number': 'B072 RRE2 I55',
        'licence.issuingCountry': 'AT',
        'licence.issuedOn': '01.06.2010',
        'licence.expiresOn': '',
      }),
    );
    expect(done).toBeInstanceOf(Response);
    const [licence] = await db().select().from(drivingLicences);
    expect(licence).toMatchObject({
      number: 'B072RRE2I55',
      issuingCountry: 'AT',
      issuedOn: '2010-06-01',
      expiresOn: null,
      state: 'pending',
    });
  }, 60_000);

  it('leaves bike sharing’s registration as it was: no licence asked, none stored', async () => {
    harness = await createRouteHarness(backend);
    const page = await harness.call(registerLoader, new Request(`${publicUrl}${registerPath}`));
    expect(page.data.licenceCountries).toBeNull();
    const done = await harness.call(
      registerAction,
      formPost(registerPath, { ...(await registrationForm('basis')), 'licence.number': 'x' }),
    );
    expect(done).toBeInstanceOf(Response);
    expect(await db().select().from(customers)).toHaveLength(1);
    expect(await db().select().from(drivingLicences)).toEqual([]);
  }, 60_000);

  it('corrects a rejected licence on its page; the data page shows it pending again', async () => {
    harness = await createRouteHarness(backend, { CLIENT: 'flinkster' });
    const outcome = await registerCustomer(
      harness.services,
      registration({
        tariffId: 'flinkster-flex',
        licence: { number: 'B072RRE2I00', issuingCountry: 'DE', issuedOn: '2010-06-01', expiresOn: null },
      }),
      { locale: 'de' },
    );
    if (outcome.kind !== 'created') throw new Error('registration failed');
    const { token } = await createSession(db(), outcome.customerId, 'Firefox', new Date());
    const cookie = { Cookie: `${harnessSessionCookie}=${token}` };
    const get = (path: string) => new Request(`${publicUrl}${path}`, { headers: cookie });

    // Pending: the page offers no form.
    expect((await harness.call(correctionLoader, get(correctionPath))).data.correctable).toBe(false);
    await verifyPendingLicences(harness.services);
    const data = await harness.call(dataLoader, get(pagePath('data', 'de')));
    expect(data.data.licence).toMatchObject({
      state: 'rejected',
      rejectionReason: 'number-unknown',
      correctable: true,
    });

    const page = await harness.call(correctionLoader, get(correctionPath));
    expect(page.data).toMatchObject({
      correctable: true,
      current: { number: 'B072RRE2I00', issuingCountry: 'DE', issuedOn: '01.06.2010', expiresOn: '' },
    });
    const answer = await harness.call(
      correctionAction,
      formPost(
        correctionPath,
        {
          csrf: 'not checked here',
          'licence.number': 'B072RRE2I56',
          'licence.issuingCountry': 'DE',
          'licence.issuedOn': '01.06.2010',
        },
        { sessionToken: token },
      ),
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('location')).toBe(`${pagePath('data', 'de')}?done=licence-corrected`);
    const after = await harness.call(dataLoader, get(`${pagePath('data', 'de')}?done=licence-corrected`));
    expect(after.data).toMatchObject({
      done: 'licence-corrected',
      licence: { state: 'pending', number: 'B072RRE2I56', correctable: false },
    });
    expect(
      await db().select().from(drivingLicences).where(eq(drivingLicences.customerId, outcome.customerId)),
    ).toHaveLength(2);
  }, 60_000);

  it('stores no licence sent to bike sharing', async () => {
    harness = await createRouteHarness(backend);
    const outcome = await registerCustomer(harness.services, registration(), { locale: 'de' });
    if (outcome.kind !== 'created') throw new Error('registration failed');
    const { token } = await createSession(db(), outcome.customerId, 'Firefox', new Date());
    const answer = await harness
      .call(
        correctionAction,
        formPost(
          correctionPath,
          {
            csrf: 'not checked here',
            'licence.number': 'B072RRE2I56',
            'licence.issuingCountry': 'DE',
            'licence.issuedOn': '01.06.2010',
          },
          { sessionToken: token },
        ),
      )
      .catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(404);
    expect(await db().select().from(drivingLicences)).toEqual([]);
  }, 60_000);
});

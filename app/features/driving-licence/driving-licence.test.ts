import { eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brandProfiles } from '~/config/brand';
import { customers, drivingLicences } from '~/db/schema';
import type { AccountContext } from '~/features/accounts/public.server';
import { registerCustomer } from '~/features/accounts/registration.server';
import { exportPersonalData } from '~/features/personal-data/data-export.server';
import { LicenceVerificationUnavailableError, type LicenceVerifier } from '~/platform/licence-verification/types';
import { sandboxLicenceVerifier } from '~/platform/licence-verification/sandbox.server';
import { createAccountFixture, registration, type AccountFixture } from '../../../tests/support/account-fixtures';
import { createTestDatabase, databaseBackends } from '../../../tests/support/test-databases';
import type { LicenceInput } from './licence-schema';
import { licenceStatusFor } from './licence-pages.server';
import { correctLicence, currentLicenceOf, decideLicence } from './licences.server';
import { verifyPendingLicences } from './licence-verification.server';

/**
 * The driving licence of car sharing (docs/rules/accounts.md#driving-licence): stored with the account,
 * decided by the verifier in the background or by staff, corrected by the customer when rejected or expired.
 */

const licence = (overrides: Partial<LicenceInput> = {}): LicenceInput => ({
  number: 'B072RRE2I55',
  issuingCountry: 'DE',
  issuedOn: '2010-06-01',
  expiresOn: null,
  ...overrides,
});
const silent = { info: () => {}, warn: () => {} };

describe.each(databaseBackends)('driving licences on %s', (backend) => {
  let fixture: AccountFixture;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await fixture?.database.dispose();
  });

  /** The account context of a car-sharing build. */
  const carSharing = (): AccountContext => ({
    ...fixture.context,
    config: { ...fixture.context.config, brand: 'flinkster' },
    brand: brandProfiles.flinkster,
  });
  const db = () => fixture.context.db;

  async function registered(number = 'B072RRE2I55', email = 'erika@example.org') {
    const outcome = await registerCustomer(
      carSharing(),
      registration({ email, tariffId: 'flinkster-flex', licence: licence({ number }) }),
      { locale: 'de' },
    );
    if (outcome.kind !== 'created') throw new Error(`registration: ${outcome.kind}`);
    return outcome.customerId;
  }
  const verification = (verifier: LicenceVerifier = sandboxLicenceVerifier()) => ({
    db: db(),
    licenceVerifier: verifier,
    logger: silent,
  });
  const licencesOf = (customerId: string) =>
    db()
      .select()
      .from(drivingLicences)
      .where(eq(drivingLicences.customerId, customerId))
      .orderBy(drivingLicences.submittedAt);

  it('stores the licence, pending, in the registration’s transaction on car sharing', async () => {
    fixture = await createAccountFixture(backend);
    const customerId = await registered();
    expect(await currentLicenceOf(db(), customerId)).toMatchObject({
      number: 'B072RRE2I55',
      issuingCountry: 'DE',
      issuedOn: '2010-06-01',
      expiresOn: null,
      state: 'pending',
      rejectionReason: null,
    });
    // A car-sharing registration without a licence creates nothing at all.
    await expect(
      registerCustomer(carSharing(), registration({ email: 'max@example.org', tariffId: 'flinkster-flex' }), {
        locale: 'de',
      }),
    ).rejects.toThrow();
    expect(await db().select().from(customers).where(eq(customers.email, 'max@example.org'))).toEqual([]);
  });

  it('stores no licence for bike sharing, even when one is sent', async () => {
    fixture = await createAccountFixture(backend);
    const outcome = await registerCustomer(fixture.context, registration({ licence: licence() }), { locale: 'de' });
    expect(outcome.kind).toBe('created');
    expect(await db().select().from(drivingLicences)).toEqual([]);
  });

  it('has the sandbox verifier decide pending licences in the background, once each', async () => {
    fixture = await createAccountFixture(backend);
    const verified = await registered('B072RRE2I55', 'a@example.org');
    const rejected = await registered('B072RRE2I00', 'b@example.org');
    const undecided = await registered('B072RRE2I99', 'c@example.org');
    expect(await verifyPendingLicences(verification())).toBe(3);
    expect(await currentLicenceOf(db(), verified)).toMatchObject({ state: 'verified', rejectionReason: null });
    expect(await currentLicenceOf(db(), rejected)).toMatchObject({
      state: 'rejected',
      rejectionReason: 'number-unknown',
    });
    expect(await currentLicenceOf(db(), undecided)).toMatchObject({ state: 'pending' });
    const [row] = await licencesOf(verified);
    expect(row).toMatchObject({ decidedBy: 'verifier', decisionReference: expect.stringMatching(/^SBX-LIC-/) });
    // The undecided one waits for staff: the verifier is not asked again.
    expect(await verifyPendingLicences(verification())).toBe(0);
  });

  it('leaves licences pending while the verifier is unavailable, and asks again next run', async () => {
    fixture = await createAccountFixture(backend);
    const customerId = await registered();
    const down: LicenceVerifier = {
      name: 'sandbox',
      check: () => Promise.reject(new LicenceVerificationUnavailableError('timeout')),
    };
    expect(await verifyPendingLicences(verification(down))).toBe(0);
    expect(await currentLicenceOf(db(), customerId)).toMatchObject({ state: 'pending' });
    expect(await verifyPendingLicences(verification())).toBe(1);
    expect(await currentLicenceOf(db(), customerId)).toMatchObject({ state: 'verified' });
  });

  it('lets staff decide, and the verifier not overrule them', async () => {
    fixture = await createAccountFixture(backend);
    const customerId = await registered();
    const current = (await currentLicenceOf(db(), customerId))!;
    expect(
      await decideLicence(db(), current.id, { decision: 'rejected', reason: 'data-mismatch' }, { by: 'staff' }),
    ).toEqual({ kind: 'decided' });
    expect(await verifyPendingLicences(verification())).toBe(0);
    expect(await currentLicenceOf(db(), customerId)).toMatchObject({
      state: 'rejected',
      rejectionReason: 'data-mismatch',
    });
    expect(await decideLicence(db(), current.id, { decision: 'verified' }, { by: 'verifier' })).toEqual({
      kind: 'already-decided',
    });
    // Staff may change their mind on the current licence; a verified licence carries no reason.
    expect(await decideLicence(db(), current.id, { decision: 'verified' }, { by: 'staff' })).toEqual({
      kind: 'decided',
    });
    expect(await currentLicenceOf(db(), customerId)).toMatchObject({ state: 'verified', rejectionReason: null });
    expect(
      await decideLicence(db(), '00000000-0000-4000-8000-000000000000', { decision: 'verified' }, { by: 'staff' }),
    ).toEqual({ kind: 'not-found' });
  });

  it('corrects a rejected licence: the old one stays as history, the new one is pending again', async () => {
    fixture = await createAccountFixture(backend);
    const customerId = await registered('B072RRE2I00');
    // Pending: nothing to correct yet.
    expect(await correctLicence(db(), customerId, licence({ number: 'B072RRE2I56' }))).toEqual({
      kind: 'not-correctable',
    });
    await verifyPendingLicences(verification());
    const rejected = (await currentLicenceOf(db(), customerId))!;
    expect(rejected.state).toBe('rejected');

    expect(await correctLicence(db(), customerId, licence({ number: 'B072RRE2I56' }))).toEqual({ kind: 'corrected' });
    const rows = await licencesOf(customerId);
    expect(rows.map((row) => [row.number, row.state, row.supersededAt !== null])).toEqual([
      ['B072RRE2I00', 'rejected', true],
      ['B072RRE2I56', 'pending', false],
    ]);
    // The replaced licence is history: no decision changes it any more.
    expect(await decideLicence(db(), rejected.id, { decision: 'verified' }, { by: 'staff' })).toEqual({
      kind: 'superseded',
    });
    await verifyPendingLicences(verification());
    expect(await currentLicenceOf(db(), customerId)).toMatchObject({ number: 'B072RRE2I56', state: 'verified' });
    // Verified: no correction.
    expect(await correctLicence(db(), customerId, licence({ number: 'B072RRE2I57' }))).toEqual({
      kind: 'not-correctable',
    });
  });

  it('takes no licence issued before the stored birth date allows, and at most 3 corrections a day', async () => {
    fixture = await createAccountFixture(backend);
    const customerId = await registered('B072RRE2I00');
    await verifyPendingLicences(verification());
    // Born 1985-03-12 (tests/support/account-fixtures.ts): 17 on 2002-03-12.
    expect(await correctLicence(db(), customerId, licence({ issuedOn: '2002-03-11' }))).toEqual({
      kind: 'issued-before-age',
      message: 'licence.issued-before-age?years=17',
    });
    const reject = () =>
      db()
        .update(drivingLicences)
        .set({ state: 'rejected', rejectionReason: 'not-valid' })
        .where(isNull(drivingLicences.supersededAt));
    // The registration's licence counts: two corrections more, then the day's limit.
    for (const number of ['B072RRE2I56', 'B072RRE2I57']) {
      await reject();
      expect(await correctLicence(db(), customerId, licence({ number }))).toEqual({ kind: 'corrected' });
    }
    await reject();
    expect(await correctLicence(db(), customerId, licence({ number: 'B072RRE2I58' }))).toEqual({ kind: 'too-many' });
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect(await correctLicence(db(), customerId, licence({ number: 'B072RRE2I58' }), tomorrow)).toEqual({
      kind: 'corrected',
    });
  });

  it('lets the customer replace an expired licence, even a verified one', async () => {
    fixture = await createAccountFixture(backend);
    const customerId = await registered();
    await verifyPendingLicences(verification());
    await db()
      .update(drivingLicences)
      .set({ expiresOn: '2026-01-31' })
      .where(eq(drivingLicences.customerId, customerId));
    const status = await licenceStatusFor(carSharing(), customerId, 'de', new Date('2026-02-01T12:00:00Z'));
    expect(status).toMatchObject({ state: 'expired', expiresOn: '31.01.2026', correctable: true });
    expect(
      await correctLicence(db(), customerId, licence({ expiresOn: '2036-01-31' }), new Date('2026-02-01T12:00:00Z')),
    ).toEqual({ kind: 'corrected' });
  });

  it('shows the state on the personal-data page, with the reason of a rejection, only on car sharing', async () => {
    fixture = await createAccountFixture(backend);
    const customerId = await registered('B072RRE2I00');
    expect(await licenceStatusFor(carSharing(), customerId, 'en')).toEqual({
      state: 'pending',
      number: 'B072RRE2I00',
      country: 'Germany',
      issuedOn: '1 Jun 2010',
      expiresOn: null,
      rejectionReason: null,
      correctable: false,
    });
    await verifyPendingLicences(verification());
    expect(await licenceStatusFor(carSharing(), customerId, 'de')).toMatchObject({
      state: 'rejected',
      country: 'Deutschland',
      rejectionReason: 'number-unknown',
      correctable: true,
    });
    expect(await licenceStatusFor(fixture.context, customerId, 'de')).toBeNull();
  });

  it('puts every licence entered, corrections included, into the data download', async () => {
    fixture = await createAccountFixture(backend);
    const customerId = await registered('B072RRE2I00');
    await verifyPendingLicences(verification());
    await correctLicence(db(), customerId, licence({ number: 'B072RRE2I56' }));
    const download = await exportPersonalData(db(), customerId);
    expect(
      download?.drivingLicences.map(({ number, state, rejectionReason }) => ({ number, state, rejectionReason })),
    ).toEqual([
      { number: 'B072RRE2I00', state: 'rejected', rejectionReason: 'number-unknown' },
      { number: 'B072RRE2I56', state: 'pending', rejectionReason: null },
    ]);
  });
});

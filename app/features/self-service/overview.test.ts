import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { contracts, creditLedger, customers, paymentMethods, tariffChanges } from '~/db/schema';
import { createAccountFixture, registration, type AccountFixture } from '../../../tests/support/account-fixtures';
import { databaseBackends } from '../../../tests/support/test-databases';
import { registerCustomer } from '../accounts/registration.server';
import { settleContract } from '../contract/contract-settlement.server';
import { loadOverview } from './overview.server';

describe.each(databaseBackends)('self-service overview on %s', (backend) => {
  let fixture: AccountFixture;
  afterEach(async () => {
    await fixture?.database.dispose();
  });

  async function register(email: string) {
    await registerCustomer(fixture.context, registration({ email }), { locale: 'de' });
    const [row] = await fixture.context.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, email));
    return row!.id;
  }

  /** What the page behind the auth guard reads: the guard settles the contract first. */
  async function pageOverview(customerId: string, now: Date) {
    await settleContract(fixture.context.db, customerId, now);
    return loadOverview(fixture.context.db, customerId);
  }

  it('shows a new customer their contract and what is still to do', async () => {
    fixture = await createAccountFixture(backend);
    const id = await register('erika@example.org');

    const overview = await loadOverview(fixture.context.db, id);

    expect(overview).toMatchObject({
      contact: { firstName: 'Erika', email: 'erika@example.org' },
      contract: { state: 'active', tariff: { nameDe: 'Basis' } },
      balanceCents: 0,
      paymentMethod: null,
      actions: ['verify-email', 'add-payment-method'],
    });
  });

  it('sums the ledger, shows only the IBAN’s last four digits and one customer’s data only', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await register('erika@example.org');
    const max = await register('max@example.org');
    await fixture.context.db.insert(creditLedger).values([
      { customerId: erika, kind: 'start_bonus', amountCents: 500 },
      { customerId: erika, kind: 'ride_charge', amountCents: -800 },
      { customerId: max, kind: 'top_up', amountCents: 5000 },
    ]);
    await fixture.context.db.insert(paymentMethods).values({
      customerId: max,
      kind: 'sepa',
      accountHolder: 'Max Muster',
      iban: 'DE89370400440532013000',
    });
    await fixture.context.db
      .update(contracts)
      .set({ state: 'cancellation_requested', endDate: '2027-01-31' })
      .where(eq(contracts.customerId, erika));

    const forErika = await loadOverview(fixture.context.db, erika);
    const forMax = await loadOverview(fixture.context.db, max);

    expect(forErika?.balanceCents).toBe(-300);
    expect(forErika?.paymentMethod).toBeNull();
    expect(forErika?.actions).toEqual([
      'negative-balance',
      'verify-email',
      'add-payment-method',
      'pending-cancellation',
    ]);
    expect(forMax?.balanceCents).toBe(5000);
    expect(forMax?.paymentMethod).toEqual({ kind: 'sepa', ibanLast4: '3000', label: null });
    expect(JSON.stringify(forMax)).not.toContain('DE89370400440532013000');
  });

  it('shows a cancelled contract as ended once its end date has passed', async () => {
    fixture = await createAccountFixture(backend);
    const id = await register('erika@example.org');
    await fixture.context.db
      .update(contracts)
      .set({ state: 'cancellation_requested', endDate: '2026-03-31' })
      .where(eq(contracts.customerId, id));

    expect((await pageOverview(id, new Date('2026-03-31T12:00:00Z')))?.contract).toMatchObject({
      state: 'cancellation_requested',
      endDate: '2026-03-31',
    });
    expect((await pageOverview(id, new Date('2026-04-01T08:00:00Z')))?.contract).toMatchObject({
      state: 'ended',
    });
  });

  it('shows the pending tariff change, not a withdrawn one', async () => {
    fixture = await createAccountFixture(backend);
    const id = await register('erika@example.org');
    const [contract] = await fixture.context.db.select().from(contracts).where(eq(contracts.customerId, id));
    const change = { contractId: contract!.id, fromTariffId: 'basis', toTariffId: 'komfort-monat' };
    await fixture.context.db.insert(tariffChanges).values([
      { ...change, state: 'withdrawn', effectiveDate: '2099-01-01' },
      { ...change, state: 'pending', effectiveDate: '2099-02-01' },
    ]);

    const overview = await loadOverview(fixture.context.db, id);

    expect(overview?.pendingTariffChange).toMatchObject({
      effectiveDate: '2099-02-01',
      tariff: { nameDe: 'Komfort Monat' },
    });
    expect(overview?.contract?.tariff.nameDe).toBe('Basis');
    expect(overview?.actions).toContain('pending-tariff-change');
  });

  it('answers null for a customer that no longer exists', async () => {
    fixture = await createAccountFixture(backend);
    expect(await loadOverview(fixture.context.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { contracts, customers, tariffChanges, tariffs } from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { createAccountFixture, registration, type AccountFixture } from '../../../tests/support/account-fixtures';
import { databaseBackends } from '../../../tests/support/test-databases';
import { requestTariffChange, reviewTariffChange } from './tariff-change.server';

/** 14 May 2026, noon in Berlin. */
const may14 = new Date('2026-05-14T10:00:00Z');

/**
 * The tariff change's summary before the confirming button and what the confirmation orders
 * (docs/rules/contract-and-cancellation.md#tariff-change): the summary says when the new tariff applies and whether
 * the order costs money; the confirmation orders only what the summary showed.
 */
describe.each(databaseBackends)('the tariff change summary on %s', (backend) => {
  let fixture: AccountFixture;
  afterEach(async () => {
    await fixture?.database.dispose();
  });

  async function customer(tariffId: string) {
    const outcome = await registerCustomer(fixture.context, registration({ tariffId }), { locale: 'de', now: may14 });
    if (outcome.kind !== 'created') throw new Error('not created');
    return outcome.customerId;
  }
  const review = async (customerId: string, to: string, now = may14) => {
    const reviewed = await reviewTariffChange(fixture.context, customerId, to, now);
    if (!reviewed.ok) throw new Error(reviewed.error);
    return reviewed.review;
  };

  it('summarises an upgrade as applying today and a downgrade from the next month, both paid', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer('komfort-monat');

    expect(await review(erika, 'komfort-jahr')).toMatchObject({
      from: { id: 'komfort-monat' },
      to: { id: 'komfort-jahr', baseFeeCents: 4900, term: 'annual' },
      effectiveDate: '2026-05-14',
      appliesAtOnce: true,
      paid: true,
    });
    // Basis has a base fee: going down to it still orders a paid tariff.
    expect(await review(erika, 'basis')).toMatchObject({
      to: { id: 'basis' },
      effectiveDate: '2026-06-01',
      appliesAtOnce: false,
      paid: true,
    });
    expect(await reviewTariffChange(fixture.context, erika, 'komfort-monat', may14)).toEqual({
      ok: false,
      error: 'tariff-change.same',
    });
    expect(await reviewTariffChange(fixture.context, erika, 'flinkster-flex', may14)).toEqual({
      ok: false,
      error: 'tariff.required',
    });
    // The summary orders nothing.
    expect(await fixture.context.db.select().from(tariffChanges)).toEqual([]);
  });

  it('keeps a neutral button for a change to a tariff without base fee and without a longer term', async () => {
    fixture = await createAccountFixture(backend);
    await fixture.context.db.insert(tariffs).values({
      id: 'gelegenheit',
      brand: 'cab',
      nameDe: 'Gelegenheit',
      nameEn: 'Occasional',
      baseFeeCents: 0,
      baseFeePeriod: 'none',
      ridePriceCents: 150,
      term: 'none',
      sortOrder: 4,
    });
    const erika = await customer('basis');
    expect(await review(erika, 'gelegenheit')).toMatchObject({ paid: false });
    expect(await review(erika, 'komfort-monat')).toMatchObject({ paid: true });
  });

  it('orders only what the summary showed: another day, tariff or price orders nothing', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer('komfort-monat');
    const shown = await review(erika, 'basis');
    const confirm = (reviewKey: string, now = may14) =>
      requestTariffChange(fixture.context, erika, 'basis', { locale: 'de', now, reviewKey });

    // The month turned since the summary: the downgrade would apply a month later than it said.
    expect(await confirm(shown.key, new Date('2026-06-02T10:00:00Z'))).toEqual({
      ok: false,
      error: 'tariff-change.review-outdated',
    });
    // The operator changed the price since.
    await fixture.context.db.update(tariffs).set({ baseFeeCents: 400 }).where(eq(tariffs.id, 'basis'));
    expect(await confirm(shown.key)).toEqual({ ok: false, error: 'tariff-change.review-outdated' });
    expect(await fixture.context.db.select().from(tariffChanges)).toEqual([]);

    // The summary as it is now is ordered as shown.
    const now = await review(erika, 'basis');
    expect(now.to.baseFeeCents).toBe(400);
    expect(await confirm(now.key)).toEqual({
      ok: true,
      kind: 'pending',
      tariffId: 'basis',
      effectiveDate: '2026-06-01',
    });
  });

  it('orders nothing when the current tariff changed since the summary', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer('komfort-monat');
    const shown = await review(erika, 'komfort-jahr');
    // Another tab changed to basis meanwhile (say, after the day it applied).
    await fixture.context.db.update(contracts).set({ tariffId: 'basis' }).where(eq(contracts.customerId, erika));
    expect(
      await requestTariffChange(fixture.context, erika, 'komfort-jahr', {
        locale: 'de',
        now: may14,
        reviewKey: shown.key,
      }),
    ).toEqual({ ok: false, error: 'tariff-change.review-outdated' });
    const [row] = await fixture.context.db
      .select({ tariffId: contracts.tariffId })
      .from(contracts)
      .innerJoin(customers, eq(customers.id, contracts.customerId))
      .where(eq(customers.id, erika));
    expect(row).toEqual({ tariffId: 'basis' });
  });
});

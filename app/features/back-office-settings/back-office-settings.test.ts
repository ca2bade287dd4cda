import { asc, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { business } from '~/config/business';
import type { Database } from '~/db/client.server';
import { auditLog, backOfficeSettings, customers } from '~/db/schema';
import { createVoucherBatch, requestMoney, type StaffActor } from '~/features/goodwill/public.server';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import {
  changeBackOfficeSettings,
  fourEyesAmounts,
  readBackOfficeSettings,
  type FourEyesAmounts,
} from './public.server';

const origin = { requestId: 'req-7', ipHash: 'hash-of-198.51.100.7' };
const admin = { staffId: '5f0c8a9e-0000-4000-8000-0000000000ad', origin };
const otherAdmin = { staffId: '5f0c8a9e-0000-4000-8000-0000000000ae', origin };
const finance: StaffActor = { staffId: '5f0c8a9e-0000-4000-8000-00000000000f', role: 'finance', origin };
const defaults = business.backOffice.fourEyesDefaults;
const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

describe.each(databaseBackends)('the back office settings on %s', (backend) => {
  let database: TestDatabase | undefined;
  let db: Database;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });
  async function setUp() {
    database = await createTestDatabase(backend);
    db = database.handle.db;
  }
  const ctx = () => ({ db });
  const entries = () => db.select().from(auditLog).orderBy(asc(auditLog.id));
  const amounts = (change: Partial<FourEyesAmounts>): FourEyesAmounts => ({ ...defaults, ...change });

  async function insertCustomer(email: string): Promise<string> {
    const [row] = await db
      .insert(customers)
      .values({
        customerNumber: sql`nextval('customer_number_seq')::text`,
        email,
        passwordHash: 'not-a-hash',
        salutation: 'none',
        firstName: 'Erika',
        lastName: 'Mustermann',
        birthDate: '1985-03-12',
        phoneE164: '+4915123456789',
        addressText: 'Unter den Linden 1 10117 Berlin',
        addressLat: 52.5171,
        addressLon: 13.3952,
        locale: 'de',
        termsVersion: '2026-01',
        termsAcceptedAt: new Date(),
        privacyVersion: '2026-01',
        privacyAcceptedAt: new Date(),
      })
      .returning({ id: customers.id });
    return row!.id;
  }

  it('answers the defaults of app/config/business.ts while no admin has set anything', async () => {
    await setUp();
    expect(await readBackOfficeSettings(db)).toEqual({
      amounts: {
        moneyRequestAboveCents: 5000,
        voucherBatchAboveCents: 5000,
        selfApprovedPerStaffCents: 20_000,
      },
      version: 0,
      updatedAt: null,
      updatedByStaffId: null,
    });
    // A value left unset in the row (a setting added later) still falls back to its default.
    await db.insert(backOfficeSettings).values({ moneyRequestAboveCents: 7000, updatedByStaffId: admin.staffId });
    expect(await fourEyesAmounts(db)).toEqual(amounts({ moneyRequestAboveCents: 7000 }));
  });

  it('records every change with the values before and after, in the transaction of the change', async () => {
    await setUp();
    const now = new Date('2026-11-25T09:00:00Z');
    const first = await changeBackOfficeSettings(
      ctx(),
      admin,
      { expectedVersion: 0, amounts: amounts({ moneyRequestAboveCents: 2500 }) },
      { now },
    );
    expect(first).toMatchObject({ ok: true, changed: true, settings: { version: 1, updatedByStaffId: admin.staffId } });
    const second = await changeBackOfficeSettings(ctx(), otherAdmin, {
      expectedVersion: 1,
      amounts: amounts({ moneyRequestAboveCents: 2500, selfApprovedPerStaffCents: 50_000 }),
    });
    expect(second).toMatchObject({ ok: true, changed: true, settings: { version: 2 } });
    expect((await readBackOfficeSettings(db)).amounts).toEqual(
      amounts({ moneyRequestAboveCents: 2500, selfApprovedPerStaffCents: 50_000 }),
    );
    const log = await entries();
    expect(log.map((entry) => [entry.action, entry.actorStaffId, entry.before, entry.after])).toEqual([
      [
        'settings.change',
        admin.staffId,
        { ...defaults, version: 0 },
        { ...amounts({ moneyRequestAboveCents: 2500 }), version: 1 },
      ],
      [
        'settings.change',
        otherAdmin.staffId,
        { ...amounts({ moneyRequestAboveCents: 2500 }), version: 1 },
        { ...amounts({ moneyRequestAboveCents: 2500, selfApprovedPerStaffCents: 50_000 }), version: 2 },
      ],
    ]);
    expect(log.every((entry) => entry.requestId === 'req-7' && entry.ipHash === origin.ipHash)).toBe(true);
    expect(log[0]).toMatchObject({ subjectType: 'back-office-settings', subjectId: 'four-eyes' });

    // A submit that changes nothing writes nothing: no new version, no entry.
    expect(
      await changeBackOfficeSettings(ctx(), admin, {
        expectedVersion: 2,
        amounts: amounts({ moneyRequestAboveCents: 2500, selfApprovedPerStaffCents: 50_000 }),
      }),
    ).toMatchObject({ ok: true, changed: false, settings: { version: 2 } });
    expect(await entries()).toHaveLength(2);
  });

  it('refuses a change from a page that showed an older version, and of two first changes at once one', async () => {
    await setUp();
    const [one, two] = await Promise.all([
      changeBackOfficeSettings(ctx(), admin, {
        expectedVersion: 0,
        amounts: amounts({ voucherBatchAboveCents: 1000 }),
      }),
      changeBackOfficeSettings(ctx(), otherAdmin, {
        expectedVersion: 0,
        amounts: amounts({ voucherBatchAboveCents: 9000 }),
      }),
    ]);
    expect([one.ok, two.ok].sort()).toEqual([false, true]);
    const refused = one.ok ? two : one;
    expect(refused).toMatchObject({ ok: false, error: 'stale', settings: { version: 1 } });
    const kept = (await readBackOfficeSettings(db)).amounts.voucherBatchAboveCents;
    expect(kept).toBe(one.ok ? 1000 : 9000);

    // The page that showed version 0 is stale now: nothing is overwritten, whatever it sends.
    expect(
      await changeBackOfficeSettings(ctx(), admin, {
        expectedVersion: 0,
        amounts: amounts({ voucherBatchAboveCents: 1 }),
      }),
    ).toMatchObject({ ok: false, error: 'stale', settings: { version: 1, amounts: { voucherBatchAboveCents: kept } } });
    expect((await readBackOfficeSettings(db)).amounts.voucherBatchAboveCents).toBe(kept);
    expect(await entries()).toHaveLength(1);
  });

  it('refuses amounts out of bounds and writes nothing', async () => {
    await setUp();
    const max = business.backOffice.fourEyesMaxCents;
    for (const bad of [0, -100, max + 1, 12.5, Number.NaN]) {
      expect(
        await changeBackOfficeSettings(ctx(), admin, {
          expectedVersion: 0,
          amounts: amounts({ selfApprovedPerStaffCents: bad }),
        }),
      ).toEqual({ ok: false, error: 'invalid', keys: ['selfApprovedPerStaffCents'] });
    }
    expect(await entries()).toHaveLength(0);
    expect(
      await changeBackOfficeSettings(ctx(), admin, {
        expectedVersion: 0,
        amounts: { moneyRequestAboveCents: 1, voucherBatchAboveCents: max, selfApprovedPerStaffCents: max },
      }),
    ).toMatchObject({ ok: true, changed: true });
  });

  it('makes the money operations use the amounts in force: credits, the rolling total, batches and the budget', async () => {
    await setUp();
    const erika = await insertCustomer('erika@example.org');
    const credit = (amountCents: number, customerId = erika) =>
      requestMoney(ctx(), finance, { kind: 'goodwill', customerId, amountCents, reason: 'Ride failed' });
    const batch = (count: number, valueCents: number) =>
      createVoucherBatch(ctx(), finance, { count, valueCents, expiresOn: nextYear }, { now: new Date() });

    // Defaults: 40 € is below 50 € and books at once.
    expect(await credit(4000)).toMatchObject({ ok: true, booked: true });
    // An admin lowers the amount for credits to 30 €: 20 € more for the same customer now exceeds it in
    // the rolling total, and 35 € for another customer exceeds it alone.
    await changeBackOfficeSettings(ctx(), admin, {
      expectedVersion: 0,
      amounts: amounts({ moneyRequestAboveCents: 3000 }),
    });
    expect(await credit(2000)).toMatchObject({ ok: true, booked: false });
    const other = await insertCustomer('other@example.org');
    expect(await credit(3500, other)).toMatchObject({ ok: true, booked: false });
    expect(await credit(3000, await insertCustomer('third@example.org'))).toMatchObject({ booked: true });

    // Batches: 60 € in total waits under the default of 50 €, and passes once the amount is 100 €.
    expect(await batch(6, 1000)).toMatchObject({ ok: true, batch: { state: 'pending' } });
    await changeBackOfficeSettings(ctx(), admin, {
      expectedVersion: 1,
      amounts: amounts({ moneyRequestAboveCents: 3000, voucherBatchAboveCents: 10_000 }),
    });
    expect(await batch(6, 1000)).toMatchObject({ ok: true, batch: { state: 'approved' } });

    // The budget: 40 + 30 + 60 € booked alone so far; lowered to 140 €, 20 € more waits.
    await changeBackOfficeSettings(ctx(), admin, {
      expectedVersion: 2,
      amounts: amounts({
        moneyRequestAboveCents: 3000,
        voucherBatchAboveCents: 10_000,
        selfApprovedPerStaffCents: 14_000,
      }),
    });
    expect(await batch(2, 1000)).toMatchObject({ ok: true, batch: { state: 'pending' } });
    expect(await credit(1000, await insertCustomer('fourth@example.org'))).toMatchObject({ booked: true });
    expect(await credit(100, await insertCustomer('fifth@example.org'))).toMatchObject({ booked: false });

    // Each booking's entry names the amounts it was judged by.
    const requests = (await entries()).filter((entry) => entry.action === 'money.request');
    expect(requests.at(-1)!.after).toMatchObject({
      limits: { moneyRequestAboveCents: 3000, voucherBatchAboveCents: 10_000, selfApprovedPerStaffCents: 14_000 },
      needsApproval: true,
    });
  });
});

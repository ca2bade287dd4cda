import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { baseFeeCharges, cancellations, contracts, creditLedger, outbox, payouts } from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { createAccountFixture, registration, type AccountFixture } from '../../../tests/support/account-fixtures';
import { databaseBackends } from '../../../tests/support/test-databases';
import { assignDeclaration } from './cancellation.server';
import { declareWithdrawal } from './contract-withdrawal.server';

/** Noon in Berlin on a day of May 2026. */
const may = (day: number) => new Date(`2026-05-${String(day).padStart(2, '0')}T10:00:00Z`);

describe.each(databaseBackends)('a withdrawal staff assign on %s', (backend) => {
  let fixture: AccountFixture;
  afterEach(async () => {
    await fixture?.database.dispose();
  });
  const db = () => fixture.context.db;

  it('applies as of its received time: in time when it arrived, however late staff assign it', async () => {
    fixture = await createAccountFixture(backend);
    const registered = await registerCustomer(fixture.context, registration({ tariffId: 'komfort-monat' }), {
      locale: 'de',
      now: may(1),
    });
    if (registered.kind !== 'created') throw new Error('not created');
    const erika = registered.customerId;
    const [contract] = await db().select().from(contracts).where(eq(contracts.customerId, erika));
    const [charge] = await db()
      .insert(creditLedger)
      .values({ customerId: erika, kind: 'base_fee', amountCents: -900, reference: 'BF-2026-05' })
      .returning();
    await db().insert(baseFeeCharges).values({
      contractId: contract!.id,
      ledgerEntryId: charge!.id,
      periodStart: '2026-05-01',
      periodEnd: '2026-05-31',
      amountCents: 900,
    });

    // Sent on 11 May with an old address that matches nobody; staff assign it on 10 June.
    const declared = await declareWithdrawal(
      fixture.context,
      {
        name: 'Erika Mustermann',
        identifier: 'erika.alt@example.org',
        contractLabel: 'Kundenvertrag',
        confirmationEmail: 'erika.alt@example.org',
      },
      { sessionCustomerId: null, clientIp: '192.0.2.1' },
      { locale: 'de', now: may(11) },
    );
    const [stored] = await db().select().from(cancellations).where(eq(cancellations.reference, declared.reference));
    expect(stored).toMatchObject({ kind: 'withdrawal', customerId: null, appliedAs: null });

    const assigned = await db().transaction((tx) =>
      assignDeclaration(tx, fixture.context, {
        cancellationId: stored!.id,
        customerId: erika,
        now: new Date('2026-06-10T10:00:00Z'),
      }),
    );
    expect(assigned).toMatchObject({
      ok: true,
      effectiveEndDate: '2026-05-11',
      withdrawal: { appliedAs: 'withdrawal', endDate: '2026-05-11', refundCents: 610, payout: null },
    });
    expect(await db().select().from(contracts).where(eq(contracts.customerId, erika))).toMatchObject([
      { state: 'withdrawn', endDate: '2026-05-11' },
    ]);
    // 21 of May's 31 days back; the balance stays negative (the days before were used), so nothing is paid out.
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.customerId, erika));
    expect(ledger.find((row) => row.kind === 'refund')).toMatchObject({
      amountCents: 610,
      reference: declared.reference,
    });
    expect(await db().select().from(payouts)).toEqual([]);
    const [after] = await db().select().from(cancellations).where(eq(cancellations.id, stored!.id));
    expect(after).toMatchObject({ customerId: erika, appliedAs: 'withdrawal', effectiveEndDate: '2026-05-11' });
    // The declarant gets the acknowledgement again; the holder's mail is the caller's (the back office's).
    const toDeclarant = await db().select().from(outbox).where(eq(outbox.recipient, 'erika.alt@example.org'));
    expect(toDeclarant.map((mail) => mail.kind)).toEqual(['withdrawal-acknowledgement', 'withdrawal-acknowledgement']);

    // Assigned once only.
    const again = await db().transaction((tx) =>
      assignDeclaration(tx, fixture.context, { cancellationId: stored!.id, customerId: erika }),
    );
    expect(again).toEqual({ ok: false, error: 'already-assigned' });
  });
  it('pays out only money paid in, and judges a withdrawal as the contract stood when it arrived', async () => {
    fixture = await createAccountFixture(backend);
    const registered = await registerCustomer(fixture.context, registration({ tariffId: 'basis' }), {
      locale: 'de',
      now: may(1),
    });
    if (registered.kind !== 'created') throw new Error('not created');
    const erika = registered.customerId;
    // 10 € of credit that is no payment, and a cancellation that ended the contract on 31 May.
    await db()
      .insert(creditLedger)
      .values({ customerId: erika, kind: 'start_bonus', amountCents: 1000, reference: 'AKTION' });
    await db().update(contracts).set({ state: 'ended', endDate: '2026-05-31' }).where(eq(contracts.customerId, erika));

    // Sent on 5 May under a name staff recognise only later; assigned on 10 June, after the end.
    const declared = await declareWithdrawal(
      fixture.context,
      {
        name: 'E. Muster',
        identifier: 'erika@example.org',
        contractLabel: 'Kundenvertrag',
        confirmationEmail: 'x@example.net',
      },
      { sessionCustomerId: null, clientIp: '192.0.2.2' },
      { locale: 'de', now: may(5) },
    );
    const [stored] = await db().select().from(cancellations).where(eq(cancellations.reference, declared.reference));
    expect(stored).toMatchObject({ customerId: null });
    const assigned = await db().transaction((tx) =>
      assignDeclaration(tx, fixture.context, {
        cancellationId: stored!.id,
        customerId: erika,
        now: new Date('2026-06-10T10:00:00Z'),
      }),
    );
    expect(assigned).toMatchObject({
      ok: true,
      withdrawal: {
        appliedAs: 'withdrawal',
        endDate: '2026-05-05',
        refundCents: 0,
        payout: null,
        keptCreditCents: 1000,
      },
    });
    expect(await db().select().from(contracts).where(eq(contracts.customerId, erika))).toMatchObject([
      { state: 'withdrawn', endDate: '2026-05-05' },
    ]);
    expect(await db().select().from(payouts)).toEqual([]);
  });
});

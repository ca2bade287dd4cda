import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bikeReports, cases, creditLedger, customers, outbox, payouts } from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { createAccountFixture, registration, type AccountFixture } from '../../../tests/support/account-fixtures';
import { createTestDatabase, databaseBackends } from '../../../tests/support/test-databases';
import { caseKindsFor, getCase, listCases, recordPayoutPaid, type StaffActor } from './public.server';

const actor = (role: StaffActor['role'], number: number): StaffActor => ({
  staffId: `5f0c8a9e-0000-4000-8000-00000000000${number}`,
  role,
  origin: { requestId: `req-${role}`, ipHash: `hash-${role}` },
});
const anna = actor('agent', 1);
const fiona = actor('finance', 2);
const rita = actor('admin', 3);
const june12 = new Date('2026-06-12T09:30:00Z');

/**
 * Due payouts as back-office cases (docs/rules/back-office.md#case-queues): finance staff and admins
 * record them as paid out once they paid them by hand; agents see them but cannot.
 */
describe.each(databaseBackends)('payout cases on %s', (backend) => {
  let fixture: AccountFixture;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await fixture?.database.dispose();
  });
  const db = () => fixture.context.db;
  const ctx = () => ({
    db: db(),
    config: fixture.context.config,
    brand: fixture.context.brand,
    onMailQueued: fixture.context.onMailQueued,
  });

  async function customer(email: string, locale: 'de' | 'en' = 'de') {
    const outcome = await registerCustomer(fixture.context, registration({ email }), {
      locale,
      now: new Date('2026-05-20T10:00:00Z'),
    });
    if (outcome.kind !== 'created') throw new Error('not created');
    return outcome.customerId;
  }
  /** What a withdrawal books (app/features/contract/withdrawal-effects.server.ts): the ledger entry and the payout. */
  async function duePayout(customerId: string, { amountCents = 1234, dueBy = '2026-06-15' } = {}) {
    const reference = `W-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const [entry] = await db()
      .insert(creditLedger)
      .values({ customerId, kind: 'payout', amountCents: -amountCents, reference })
      .returning({ id: creditLedger.id });
    const [payout] = await db()
      .insert(payouts)
      .values({
        customerId,
        ledgerEntryId: entry!.id,
        amountCents,
        reference,
        methodLabel: 'DE•• •••• •••• •••• •••• 3000',
        dueBy,
        createdAt: new Date('2026-06-01T10:00:00Z'),
      })
      .returning();
    await listCases(ctx());
    const [row] = await db().select().from(cases).where(eq(cases.sourceId, payout!.id));
    return { payout: payout!, row: row! };
  }
  const payoutOf = async (id: string) => (await db().select().from(payouts).where(eq(payouts.id, id)))[0]!;
  const caseRow = async (id: string) => (await db().select().from(cases).where(eq(cases.id, id)))[0]!;
  const payoutMailsTo = (to: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, to), eq(outbox.kind, 'payout-paid')));
  const audit = async (subjectId: string) =>
    (await db().select().from(auditLog).orderBy(asc(auditLog.id))).filter((entry) => entry.subjectId === subjectId);

  it('makes a case of a due payout, which finance staff and admins see alone and agents among every kind', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer('erika@example.org');
    const { payout, row } = await duePayout(erika, { dueBy: '2026-06-15' });
    expect(row).toMatchObject({ kind: 'payout', state: 'new', occurredAt: payout.createdAt });
    const [report] = await db()
      .insert(bikeReports)
      .values({
        reference: 'M-PAYOUT01',
        kind: 'damaged',
        bikeNumber: '12345',
        locationLat: 52.52,
        locationLon: 13.405,
        locationSource: 'position',
        seenAt: new Date('2026-06-01T08:00:00Z'),
        locale: 'de',
      })
      .returning();

    const kindsIn = async (role: StaffActor['role']) =>
      (await listCases(ctx(), { kinds: caseKindsFor(role) })).cases.map((listed) => listed.kind).sort();
    expect(await kindsIn('agent')).toEqual(['bike_report', 'payout']);
    expect(await kindsIn('finance')).toEqual(['payout']);
    expect(await kindsIn('admin')).toEqual(['payout']);
    // A kind the role does not see is not shown however it is asked for.
    expect((await listCases(ctx(), { kind: 'bike_report', kinds: caseKindsFor('finance') })).total).toBe(0);
    const [reportCase] = await db().select().from(cases).where(eq(cases.sourceId, report!.id));
    expect(await getCase(ctx(), fiona, reportCase!.id)).toBeNull();

    const [account] = await db().select().from(customers).where(eq(customers.id, erika));
    const shown = await getCase(ctx(), fiona, row.id);
    expect(shown?.source).toEqual({
      kind: 'payout',
      payout: {
        id: payout.id,
        amountCents: 1234,
        reference: payout.reference,
        methodLabel: 'DE•• •••• •••• •••• •••• 3000',
        dueBy: '2026-06-15',
        state: 'due',
        paidAt: null,
        createdAt: payout.createdAt,
      },
      customer: { id: erika, customerNumber: account!.customerNumber, name: 'Erika Mustermann', deleted: false },
      // 15 June 2026 has passed.
      overdue: true,
    });
    // Admins see no customer data (docs/decisions/0035): the number, as on the money pages, but no name.
    expect((await getCase(ctx(), rita, row.id))?.source).toMatchObject({
      customer: { customerNumber: account!.customerNumber, name: null },
    });
    expect((await getCase(ctx(), anna, row.id))?.source).toMatchObject({ customer: { name: 'Erika Mustermann' } });
  });

  it('lets finance record a payout as paid out with the transfer’s reference, once, and tells the customer', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer('erika@example.org');
    const { payout, row } = await duePayout(erika, { dueBy: '2099-06-15' });
    expect((await getCase(ctx(), fiona, row.id))?.source).toMatchObject({ overdue: false });
    const transferReference = 'SEPA 2026-06-12 E2E-4711';

    // Agents see the case but do not pay out.
    expect(await recordPayoutPaid(ctx(), anna, row.id, { transferReference, now: june12 })).toEqual({
      ok: false,
      error: 'not-allowed',
    });
    // The transfer's reference is required, on one line, and bounded; nothing is written without it.
    for (const [typed, error] of [
      [undefined, 'transfer-reference-required'],
      ['   ', 'transfer-reference-required'],
      ['x'.repeat(141), 'transfer-reference-invalid'],
      ['E2E-4711\nsecond line', 'transfer-reference-invalid'],
    ] as const) {
      expect(await recordPayoutPaid(ctx(), fiona, row.id, { transferReference: typed, now: june12 })).toEqual({
        ok: false,
        error,
      });
    }
    expect(await payoutOf(payout.id)).toMatchObject({ state: 'due', paidAt: null });
    expect(await caseRow(row.id)).toMatchObject({ state: 'new', version: 0 });
    expect(await payoutMailsTo('erika@example.org')).toEqual([]);

    const recorded = await recordPayoutPaid(ctx(), fiona, row.id, {
      transferReference: `  ${transferReference} `,
      expectedVersion: 0,
      now: june12,
    });
    expect(recorded).toMatchObject({
      ok: true,
      customerMailed: true,
      case: { state: 'done', outcome: 'paid', outcomeText: transferReference, assigneeStaffId: fiona.staffId },
    });
    expect(await payoutOf(payout.id)).toMatchObject({ state: 'paid', paidAt: june12 });
    const entries = await audit(payout.id);
    expect(entries).toMatchObject([
      {
        actorStaffId: fiona.staffId,
        action: 'payout.paid',
        subjectType: 'payout',
        requestId: 'req-finance',
        before: { state: 'due', paidAt: null },
        after: {
          state: 'paid',
          paidAt: june12.toISOString(),
          amountCents: 1234,
          transferReference,
          customerMailed: true,
        },
      },
    ]);
    expect((await audit(row.id)).map((entry) => [entry.action, entry.after])).toContainEqual([
      'case.close',
      { state: 'done', outcome: 'paid' },
    ]);
    const [mail] = await payoutMailsTo('erika@example.org');
    expect(mail).toMatchObject({
      kind: 'payout-paid',
      subject: `Dein Guthaben wurde ausgezahlt (${payout.reference})`,
    });
    expect(mail!.text).toMatch(
      /am 12\.06\.2026 dein Guthaben von 12,34\s€ auf dein Zahlungsmittel \(DE•• •••• •••• •••• •••• 3000\) ausgezahlt/,
    );
    expect(mail!.text).not.toContain(transferReference);
    expect(fixture.queuedMails.map((queued) => queued.to)).toContain('erika@example.org');

    // Paid once: a second recording, by anyone, finds the case done and changes nothing.
    expect(
      await recordPayoutPaid(ctx(), rita, row.id, { transferReference: 'again', now: new Date('2026-06-13') }),
    ).toEqual({ ok: false, error: 'done' });
    expect(await payoutOf(payout.id)).toMatchObject({ state: 'paid', paidAt: june12 });
    expect(await payoutMailsTo('erika@example.org')).toHaveLength(1);
    expect(await getCase(ctx(), rita, row.id)).toMatchObject({
      source: { payout: { state: 'paid' }, overdue: false },
    });
  });

  it('of two staff members recording the same payout at once, one wins; an erased account gets no mail', async () => {
    fixture = await createAccountFixture(backend);
    const max = await customer('max@example.org', 'en');
    const { payout, row } = await duePayout(max, { amountCents: 5000 });
    const outcomes = await Promise.all([
      recordPayoutPaid(ctx(), fiona, row.id, { transferReference: 'E2E-1', expectedVersion: 0, now: june12 }),
      recordPayoutPaid(ctx(), rita, row.id, { transferReference: 'E2E-2', expectedVersion: 0, now: june12 }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, error: 'done' }]);
    expect((await audit(payout.id)).map((entry) => entry.action)).toEqual(['payout.paid']);
    const mails = await payoutMailsTo('max@example.org');
    expect(mails).toMatchObject([
      { kind: 'payout-paid', subject: `Your credit has been paid out (${payout.reference})` },
    ]);
    expect(mails[0]!.text).toMatch(/on 12 Jun 2026 we paid out your credit of €50\.00 to your payment method/);

    // A payout stays due after its account was erased (its books are kept): paid out, nobody is mailed.
    const erased = await customer('gone@example.org');
    const kept = await duePayout(erased);
    await db()
      .update(customers)
      .set({ email: `deleted-${erased}@deleted.invalid`, firstName: '', lastName: '', deletedAt: june12 })
      .where(eq(customers.id, erased));
    expect((await getCase(ctx(), fiona, kept.row.id))?.source).toMatchObject({
      customer: { name: null, deleted: true },
    });
    expect(
      await recordPayoutPaid(ctx(), fiona, kept.row.id, { transferReference: 'E2E-3', now: june12 }),
    ).toMatchObject({ ok: true, customerMailed: false });
    expect(await payoutMailsTo(`deleted-${erased}@deleted.invalid`)).toEqual([]);
    expect(await payoutMailsTo('gone@example.org')).toEqual([]);
  });
});

import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { business } from '~/config/business';
import type { Database } from '~/db/client.server';
import { auditLog, creditLedger, customers, moneyRequests, staffAccounts, vouchers } from '~/db/schema';
import { redeemVoucher } from '~/features/credit/vouchers.server';
import { normalizeVoucherCode } from '~/features/credit/voucher-code';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import { csvField } from '~/shared/csv/csv-field';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import {
  approveMoneyRequest,
  approveVoucherBatch,
  batchNeedsApproval,
  createVoucherBatch,
  exportVoucherBatchCsv,
  ledgerReference,
  listMoneyRequests,
  listVoucherBatches,
  newFormToken,
  rejectMoneyRequest,
  rejectVoucherBatch,
  requestMoney,
  viewMoneyRequest,
  viewVoucherBatch,
  type StaffActor,
} from './public.server';

const origin = { requestId: 'req-1', ipHash: 'hash-of-203.0.113.5' };
const agent: StaffActor = { staffId: '5f0c8a9e-0000-4000-8000-00000000000a', role: 'agent', origin };
const finance: StaffActor = { staffId: '5f0c8a9e-0000-4000-8000-00000000000f', role: 'finance', origin };
const secondFinance: StaffActor = { staffId: '5f0c8a9e-0000-4000-8000-0000000000f2', role: 'finance', origin };
const admin: StaffActor = { staffId: '5f0c8a9e-0000-4000-8000-0000000000ad', role: 'admin', origin };
// No admin has changed the settings in these databases: the defaults apply (features/back-office-settings).
const threshold = business.backOffice.fourEyesDefaults.moneyRequestAboveCents;
const batchThreshold = business.backOffice.fourEyesDefaults.voucherBatchAboveCents;

async function insertCustomer(db: Database, email: string): Promise<string> {
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

describe('CSV fields', () => {
  it('defuse formulas in text and quote separators, quotes and line breaks', () => {
    expect(csvField('=HYPERLINK("x")', ';')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+49', ',')).toBe("'+49");
    expect(csvField('@SUM(A1)', ',')).toBe("'@SUM(A1)");
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField('-12,50', ';', { numeric: true })).toBe('-12,50');
    expect(csvField('ABCD-EFGH-JKLM', ',')).toBe('ABCD-EFGH-JKLM');
  });
});

describe.each(databaseBackends)('goodwill, refunds and voucher batches on %s', (backend) => {
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
  const ledgerOf = (customerId: string) =>
    db.select().from(creditLedger).where(eq(creditLedger.customerId, customerId));
  const audit = async () =>
    (await db.select().from(auditLog).orderBy(asc(auditLog.id))).map(
      (entry) => `${entry.action}:${entry.actorStaffId?.slice(-2)}`,
    );

  it('books a goodwill credit up to the threshold at once, with its reason and audit entries', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    const outcome = await requestMoney(ctx(), agent, {
      kind: 'goodwill',
      customerId: erika,
      amountCents: threshold,
      reason: 'Bike broke down during the ride',
    });
    expect(outcome).toMatchObject({
      ok: true,
      booked: true,
      request: { state: 'booked', decidedByStaffId: agent.staffId },
    });
    const ledger = await ledgerOf(erika);
    expect(ledger).toEqual([
      expect.objectContaining({
        kind: 'goodwill',
        amountCents: threshold,
        // Staff's reason stays on the request; the customer's statement shows the request's number.
        reference: expect.stringMatching(/^K-[0-9A-F]{8}$/),
      }),
    ]);
    if (!outcome.ok) return;
    expect(ledger[0]!.reference).toBe(ledgerReference(outcome.request));
    expect(outcome.request.ledgerEntryId).toBe(ledger[0]!.id);
    expect(await audit()).toEqual(['money.request:0a', 'money.book:0a']);

    const refund = await requestMoney(ctx(), agent, {
      kind: 'refund',
      customerId: erika,
      amountCents: 250,
      reason: 'Double charge',
    });
    // With the credit before it, the customer's rolling total is above the threshold: the refund waits.
    expect(refund).toMatchObject({ ok: true, booked: false });
    expect((await ledgerOf(erika)).map((entry) => entry.kind)).toEqual(['goodwill']);
  });

  it('refuses a request without a valid amount, reason or customer', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    const base = { kind: 'goodwill' as const, customerId: erika, amountCents: 100, reason: 'Broken lock' };
    expect(await requestMoney(ctx(), agent, { ...base, amountCents: 0 })).toEqual({ ok: false, error: 'amount' });
    expect(await requestMoney(ctx(), agent, { ...base, amountCents: 12.5 })).toEqual({ ok: false, error: 'amount' });
    expect(
      await requestMoney(ctx(), agent, { ...base, amountCents: business.backOffice.maxMoneyRequestCents + 1 }),
    ).toEqual({ ok: false, error: 'amount' });
    expect(await requestMoney(ctx(), agent, { ...base, reason: '  ' })).toEqual({ ok: false, error: 'reason' });
    expect(await requestMoney(ctx(), agent, { ...base, customerId: '00000000-0000-4000-8000-000000000000' })).toEqual({
      ok: false,
      error: 'unknown-customer',
    });
    expect(await requestMoney(ctx(), agent, { ...base, customerId: 'not-an-id' })).toEqual({
      ok: false,
      error: 'unknown-customer',
    });
    expect(await ledgerOf(erika)).toEqual([]);
    expect(await audit()).toEqual([]);
  });

  it('keeps a credit above the threshold pending until a second finance or admin staff member approves it', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    const requested = await requestMoney(ctx(), finance, {
      kind: 'goodwill',
      customerId: erika,
      amountCents: threshold + 1,
      reason: 'Three failed rentals in a row',
    });
    expect(requested).toMatchObject({ ok: true, booked: false, request: { state: 'pending' } });
    if (!requested.ok) return;
    const id = requested.request.id;
    expect(await ledgerOf(erika)).toEqual([]);
    expect((await listMoneyRequests(ctx(), admin, { state: 'pending' })).requests.map((row) => row.id)).toEqual([id]);

    expect(await approveMoneyRequest(ctx(), finance, id)).toEqual({ ok: false, error: 'own-request' });
    expect(await approveMoneyRequest(ctx(), agent, id)).toEqual({ ok: false, error: 'role' });
    expect(await rejectMoneyRequest(ctx(), agent, id, { reason: 'No' })).toEqual({ ok: false, error: 'role' });
    expect(await ledgerOf(erika)).toEqual([]);

    // Two approvers at the same moment: the credit is booked once.
    const approvals = await Promise.all([
      approveMoneyRequest(ctx(), secondFinance, id),
      approveMoneyRequest(ctx(), admin, id),
    ]);
    expect(approvals.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(approvals.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, error: 'decided' }]);
    expect(await ledgerOf(erika)).toEqual([expect.objectContaining({ kind: 'goodwill', amountCents: threshold + 1 })]);
    const [stored] = await db.select().from(moneyRequests).where(eq(moneyRequests.id, id));
    expect(stored!.state).toBe('booked');
    expect([secondFinance.staffId, admin.staffId]).toContain(stored!.decidedByStaffId);
    const approver = stored!.decidedByStaffId!.slice(-2);
    // The list showed customer numbers: it is recorded as a view.
    expect(await audit()).toEqual([
      'money.request:0f',
      'money.list:ad',
      `money.approve:${approver}`,
      `money.book:${approver}`,
    ]);
  });

  it('rejects a pending request with a reason and books nothing', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    const requested = await requestMoney(ctx(), agent, {
      kind: 'refund',
      customerId: erika,
      amountCents: 9000,
      reason: 'Customer asks for a refund of a tariff fee',
    });
    if (!requested.ok) throw new Error('not requested');
    expect(await rejectMoneyRequest(ctx(), finance, requested.request.id, { reason: '' })).toEqual({
      ok: false,
      error: 'reason',
    });
    expect(
      await rejectMoneyRequest(ctx(), finance, requested.request.id, { reason: 'Fee was due under the terms' }),
    ).toMatchObject({ ok: true, request: { state: 'rejected', rejectionReason: 'Fee was due under the terms' } });
    expect(await approveMoneyRequest(ctx(), admin, requested.request.id)).toEqual({ ok: false, error: 'decided' });
    expect(await ledgerOf(erika)).toEqual([]);
    expect(await audit()).toEqual(['money.request:0a', 'money.reject:0f']);
  });

  it('creates a voucher batch whose codes a customer redeems through the existing redemption, and exports it', async () => {
    await setUp();
    const now = new Date('2026-06-10T10:00:00Z');
    const input = { count: 25, valueCents: 1500, expiresOn: '2026-12-31' };
    expect(await createVoucherBatch(ctx(), agent, { ...input, count: 0 }, { now })).toEqual({
      ok: false,
      error: 'count',
    });
    expect(
      await createVoucherBatch(
        ctx(),
        agent,
        { ...input, count: business.backOffice.voucherBatch.maxCount + 1 },
        { now },
      ),
    ).toEqual({ ok: false, error: 'count' });
    expect(await createVoucherBatch(ctx(), agent, { ...input, valueCents: 0 }, { now })).toEqual({
      ok: false,
      error: 'value',
    });
    expect(await createVoucherBatch(ctx(), agent, { ...input, expiresOn: '2026-06-09' }, { now })).toEqual({
      ok: false,
      error: 'expiry',
    });
    expect(await createVoucherBatch(ctx(), agent, { ...input, expiresOn: '2026-02-30' }, { now })).toEqual({
      ok: false,
      error: 'expiry',
    });

    const created = await createVoucherBatch(ctx(), agent, input, { now });
    if (!created.ok) throw new Error('no batch');
    // 25 × 15.00 € is above the four-eyes amount: the batch waits, its codes are neither redeemable nor exported.
    expect(created.batch.state).toBe('pending');
    const codes = await db.select().from(vouchers).where(eq(vouchers.batchId, created.batch.id));
    expect(codes).toHaveLength(25);
    expect(new Set(codes.map((row) => row.code)).size).toBe(25);
    for (const row of codes) {
      expect(normalizeVoucherCode(row.code)).toBe(row.code);
      expect(row).toMatchObject({ valueCents: 1500, expiresOn: '2026-12-31', redeemedAt: null });
    }

    const erika = await insertCustomer(db, 'erika@example.org');
    const code = codes[0]!.code;
    const rateLimits = memoryRateLimitStore();
    expect(await redeemVoucher({ db, rateLimits }, erika, code, { ip: '192.0.2.1', now })).toEqual({
      ok: false,
      error: 'credit.voucher.unknown',
    });
    expect(await exportVoucherBatchCsv(ctx(), finance, created.batch.id, 'de')).toEqual({
      ok: false,
      error: 'not-approved',
    });
    expect(await approveVoucherBatch(ctx(), finance, created.batch.id, { now })).toMatchObject({
      ok: true,
      batch: { state: 'approved', decidedByStaffId: finance.staffId },
    });
    const redeemed = await redeemVoucher({ db, rateLimits: memoryRateLimitStore() }, erika, code, {
      ip: '192.0.2.1',
      now,
    });
    expect(redeemed).toEqual({ ok: true, code, valueCents: 1500 });
    expect(await ledgerOf(erika)).toEqual([
      expect.objectContaining({ kind: 'voucher', amountCents: 1500, reference: code }),
    ]);

    const exported = await exportVoucherBatchCsv(ctx(), finance, created.batch.id, 'de');
    const csv = exported.ok ? exported.csv : null;
    const lines = csv!.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(csv!.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('Code;Wert (EUR);Gültig bis;Eingelöst;Eingelöst am');
    expect(lines).toHaveLength(26);
    expect(lines.find((line) => line.startsWith(code))).toBe(`${code};15,00;2026-12-31;ja;10.06.2026 12:00`);
    expect(lines.filter((line) => line.endsWith(';nein;'))).toHaveLength(24);
    const english = await exportVoucherBatchCsv(ctx(), finance, created.batch.id, 'en');
    expect(english.ok && english.csv.split('\r\n')[0]).toBe('\uFEFFCode,Value (EUR),Valid until,Redeemed,Redeemed at');
    expect(await exportVoucherBatchCsv(ctx(), finance, '00000000-0000-4000-8000-000000000000', 'de')).toEqual({
      ok: false,
      error: 'not-found',
    });

    expect((await listVoucherBatches(ctx())).batches).toEqual([
      expect.objectContaining({ id: created.batch.id, count: 25, redeemedCount: 1 }),
    ]);
    expect(await audit()).toEqual([
      'voucher-batch.create:0a',
      'voucher-batch.approve:0f',
      'voucher-batch.export:0f',
      'voucher-batch.export:0f',
    ]);
    // Every entry carries the request's id and keyed address.
    const entries = await db.select().from(auditLog);
    expect(entries.every((entry) => entry.requestId === 'req-1' && entry.ipHash === origin.ipHash)).toBe(true);
  });

  it('books a batch up to the four-eyes amount at once; a pending one only a second finance or admin member decides', async () => {
    await setUp();
    const now = new Date('2026-06-10T10:00:00Z');
    const small = await createVoucherBatch(
      ctx(),
      finance,
      { count: 5, valueCents: 1000, expiresOn: '2026-12-31' },
      { now },
    );
    expect(small).toMatchObject({ ok: true, batch: { state: 'approved' } });
    expect(batchNeedsApproval(5, 1000, batchThreshold)).toBe(false);
    expect(batchNeedsApproval(5, 1001, batchThreshold)).toBe(true);

    const big = await createVoucherBatch(
      ctx(),
      finance,
      { count: 6, valueCents: 1000, expiresOn: '2026-12-31' },
      { now },
    );
    if (!big.ok) throw new Error('no batch');
    expect(big.batch.state).toBe('pending');
    expect(await approveVoucherBatch(ctx(), finance, big.batch.id)).toEqual({ ok: false, error: 'own-batch' });
    expect(await approveVoucherBatch(ctx(), agent, big.batch.id)).toEqual({ ok: false, error: 'role' });
    expect(await rejectVoucherBatch(ctx(), admin, big.batch.id, { reason: ' ' })).toEqual({
      ok: false,
      error: 'reason',
    });
    const decisions = await Promise.all([
      rejectVoucherBatch(ctx(), admin, big.batch.id, { reason: 'Campaign was cancelled' }),
      approveVoucherBatch(ctx(), secondFinance, big.batch.id),
    ]);
    expect(decisions.filter((outcome) => outcome.ok)).toHaveLength(1);
    const [code] = await db.select().from(vouchers).where(eq(vouchers.batchId, big.batch.id));
    const erika = await insertCustomer(db, 'erika@example.org');
    const redeemed = await redeemVoucher({ db, rateLimits: memoryRateLimitStore() }, erika, code!.code, {
      ip: '192.0.2.1',
      now,
    });
    expect(redeemed.ok).toBe(decisions[1]!.ok);
  });

  it("counts the customer's recent requests: pieces just below the threshold need approval once their sum exceeds it", async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    const other = await insertCustomer(db, 'other@example.org');
    const now = new Date('2026-06-10T10:00:00Z');
    const piece = { kind: 'goodwill' as const, customerId: erika, amountCents: threshold - 1, reason: 'Ride failed' };
    expect(await requestMoney(ctx(), agent, piece, { now })).toMatchObject({ ok: true, booked: true });
    // The second piece brings the rolling total above the threshold: it waits for a second person.
    expect(await requestMoney(ctx(), agent, piece, { now })).toMatchObject({ ok: true, booked: false });
    // Another customer has a total of their own.
    expect(await requestMoney(ctx(), agent, { ...piece, customerId: other }, { now })).toMatchObject({ booked: true });
    // Once the window has passed, the earlier pieces no longer count (the pending one neither, after rejection).
    const later = new Date(now.getTime() + business.backOffice.rollingTotalHours * 3_600_000 + 1000);
    expect(await requestMoney(ctx(), agent, piece, { now: later })).toMatchObject({ ok: true, booked: true });
  });

  it('lets only one of two pieces sent at once pass below the threshold', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    const piece = { kind: 'goodwill' as const, customerId: erika, amountCents: threshold - 1, reason: 'Ride failed' };
    const outcomes = await Promise.all([requestMoney(ctx(), agent, piece), requestMoney(ctx(), finance, piece)]);
    expect(outcomes.map((outcome) => outcome.ok && outcome.booked).sort()).toEqual([false, true]);
    expect(await ledgerOf(erika)).toHaveLength(1);
  });

  it('books a double submit of one form once', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    const formToken = newFormToken();
    const input = { kind: 'refund' as const, customerId: erika, amountCents: 1200, reason: 'Double charge', formToken };
    const [first, second] = await Promise.all([requestMoney(ctx(), agent, input), requestMoney(ctx(), agent, input)]);
    expect(first).toMatchObject({ ok: true, booked: true });
    expect(second).toMatchObject({ ok: true, booked: true });
    expect(first.ok && second.ok && first.request.id === second.request.id).toBe(true);
    expect(await ledgerOf(erika)).toHaveLength(1);
    // Someone else's token is refused, a malformed one too.
    expect(await requestMoney(ctx(), finance, input)).toEqual({ ok: false, error: 'form-token' });
    expect(await requestMoney(ctx(), agent, { ...input, formToken: 'short' })).toEqual({
      ok: false,
      error: 'form-token',
    });

    const batchToken = newFormToken();
    const batch = { count: 2, valueCents: 500, expiresOn: '2099-01-01', formToken: batchToken };
    const now = new Date('2098-06-10T10:00:00Z');
    const one = await createVoucherBatch(ctx(), finance, batch, { now });
    const two = await createVoucherBatch(ctx(), finance, batch, { now });
    expect(one.ok && two.ok && one.batch.id === two.batch.id && two.repeated).toBe(true);
    expect(await db.select().from(vouchers)).toHaveLength(2);
  });
  it('keeps what one staff member books alone within the budget, over customers and batches together', async () => {
    await setUp();
    const budget = business.backOffice.fourEyesDefaults.selfApprovedPerStaffCents;
    const now = new Date();
    // Pieces at the threshold, each for another customer: each would pass the customer's rolling total.
    const pieces = Math.floor(budget / threshold);
    for (let index = 0; index < pieces; index++) {
      const customerId = await insertCustomer(db, `piece-${index}@example.org`);
      const outcome = await requestMoney(ctx(), finance, {
        kind: 'goodwill',
        customerId,
        amountCents: threshold,
        reason: 'Goodwill piece',
      });
      expect(outcome).toMatchObject({ ok: true, booked: true });
    }
    const next = await insertCustomer(db, 'next@example.org');
    expect(
      await requestMoney(ctx(), finance, { kind: 'goodwill', customerId: next, amountCents: 100, reason: 'One more' }),
    ).toMatchObject({ ok: true, booked: false });
    // A batch below its own threshold waits too once the budget is spent.
    const batch = await createVoucherBatch(
      ctx(),
      finance,
      { count: 1, valueCents: 100, expiresOn: '2027-12-31' },
      { now },
    );
    expect(batch.ok && batch.batch.state).toBe('pending');
    // Another staff member has a budget of their own.
    const other = await createVoucherBatch(
      ctx(),
      secondFinance,
      { count: 1, valueCents: 100, expiresOn: '2027-12-31' },
      { now },
    );
    expect(other.ok && other.batch.state).toBe('approved');
  });

  it("refuses as the second person whoever created or enrolled the requester's account, and books nothing for an erased customer", async () => {
    await setUp();
    const staffRow = (id: string, createdBy: string | null, enrolledBy: string | null) => ({
      id,
      email: `${id}@staff.example.org`,
      displayName: id.slice(-2),
      role: 'finance' as const,
      totpSecretEncrypted: 'sealed',
      createdBy,
      enrolledBy,
    });
    await db
      .insert(staffAccounts)
      .values([
        staffRow(admin.staffId, null, null),
        staffRow(finance.staffId, admin.staffId, admin.staffId),
        staffRow(secondFinance.staffId, null, secondFinance.staffId),
      ]);
    /** A request above the four-eyes amount, pending. */
    const pendingRequest = async (requester: StaffActor, customerId: string) => {
      const outcome = await requestMoney(ctx(), requester, {
        kind: 'goodwill',
        customerId,
        amountCents: threshold + 1,
        reason: 'Broken lock',
      });
      if (!outcome.ok) throw new Error('not requested');
      return outcome.request.id;
    };
    /** A batch above the four-eyes amount for batches, pending. */
    const pendingBatch = async (creator: StaffActor) => {
      const outcome = await createVoucherBatch(ctx(), creator, {
        count: 100,
        valueCents: 100,
        expiresOn: '2027-12-31',
      });
      if (!outcome.ok) throw new Error('no batch');
      return outcome.batch.id;
    };
    const erika = await insertCustomer(db, 'erika@example.org');
    const requestId = await pendingRequest(finance, erika);
    // The admin made the requester's account: not their second pair of eyes, and the page offers no decision.
    expect(await viewMoneyRequest(ctx(), admin, requestId)).toMatchObject({ decidable: false });
    expect(await approveMoneyRequest(ctx(), admin, requestId)).toEqual({ ok: false, error: 'own-request' });
    expect(await viewMoneyRequest(ctx(), secondFinance, requestId)).toMatchObject({ decidable: true });
    const batchId = await pendingBatch(finance);
    expect(await approveVoucherBatch(ctx(), admin, batchId)).toEqual({ ok: false, error: 'own-batch' });
    expect(await approveVoucherBatch(ctx(), secondFinance, batchId)).toMatchObject({ ok: true });

    // Nor is an account the requester set up (the routes let only finance request today; the rule holds
    // for whoever asks): the admin's own request or batch, and the finance account the admin set up.
    const adminRequestId = await pendingRequest(admin, await insertCustomer(db, 'max@example.org'));
    expect(await viewMoneyRequest(ctx(), finance, adminRequestId)).toMatchObject({ decidable: false });
    expect(await approveMoneyRequest(ctx(), finance, adminRequestId)).toEqual({ ok: false, error: 'own-request' });
    expect(await viewMoneyRequest(ctx(), secondFinance, adminRequestId)).toMatchObject({ decidable: true });
    expect(await approveMoneyRequest(ctx(), secondFinance, adminRequestId)).toMatchObject({ ok: true });
    const adminBatchId = await pendingBatch(admin);
    expect(await viewVoucherBatch(ctx(), finance, adminBatchId)).toMatchObject({ decidable: false });
    expect(await rejectVoucherBatch(ctx(), finance, adminBatchId, { reason: 'Too many' })).toEqual({
      ok: false,
      error: 'own-batch',
    });

    // The customer is erased before the approval: nothing is booked.
    await db.update(customers).set({ deletedAt: new Date() }).where(eq(customers.id, erika));
    expect(await approveMoneyRequest(ctx(), secondFinance, requestId)).toEqual({
      ok: false,
      error: 'customer-deleted',
    });
    expect(await ledgerOf(erika)).toHaveLength(0);
  });
});

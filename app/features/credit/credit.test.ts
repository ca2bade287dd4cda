import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payment } from '~/config/payment';
import type { Database } from '~/db/client.server';
import { creditLedger, customers, paymentMethods, payments, vouchers } from '~/db/schema';
import { berlinDate } from '~/platform/berlin-date';
import { sandboxPaymentProvider } from '~/platform/payment-provider/sandbox.server';
import type { PaymentProvider } from '~/platform/payment-provider/types';
import { memoryRateLimitStore, type RateLimitStore } from '~/platform/rate-limit/store';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { createTestRateLimits, deploymentBackends, type TestRateLimits } from '../../../tests/support/test-rate-limits';
import { csvBom, ledgerCsv } from './credit-csv';
import { allLedgerEntries, balanceCents, ledgerPage, voucherCredit, type LedgerEntry } from './ledger.server';
import { topUp, topUpResult, type TopUpDeps } from './top-up.server';
import { normalizeVoucherCode } from './voucher-code';
import { redeemVoucher } from './vouchers.server';

/** A customer row, without the account flows: these tests are about the ledger. */
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

async function addSepaMethod(db: Database, customerId: string): Promise<string> {
  const [row] = await db
    .insert(paymentMethods)
    .values({
      customerId,
      kind: 'sepa',
      accountHolder: 'Erika Mustermann',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      mandateReference: `M-${customerId}`,
      mandateAcceptedAt: new Date(),
      mandateIp: '192.0.2.1',
    })
    .returning({ id: paymentMethods.id });
  return row!.id;
}

const day = 24 * 60 * 60 * 1000;

describe('voucher codes', () => {
  it('accept 12 letters or digits in any case, with or without separators', () => {
    expect(normalizeVoucherCode('abcd-efgh-jklm')).toBe('ABCD-EFGH-JKLM');
    expect(normalizeVoucherCode(' abcd efgh 2345 ')).toBe('ABCD-EFGH-2345');
    expect(normalizeVoucherCode('ABCDEFGHJKLM')).toBe('ABCD-EFGH-JKLM');
    expect(normalizeVoucherCode('ABCD-EFGH-JKL')).toBeNull();
    expect(normalizeVoucherCode('ABCD-EFGH-JKLÖ')).toBeNull();
    expect(normalizeVoucherCode('')).toBeNull();
  });
});

describe('the ledger as CSV', () => {
  const entries = [
    {
      id: '1',
      kind: 'ride_charge',
      amountCents: -150,
      reference: '=HYPERLINK("evil")',
      createdAt: new Date('2026-01-31T23:30:00Z'),
    },
    {
      id: '2',
      kind: 'voucher',
      amountCents: 1000,
      reference: 'ABCD-EFGH-JKLM',
      createdAt: new Date('2026-07-01T10:05:00Z'),
    },
    {
      id: '3',
      kind: 'start_bonus',
      amountCents: 500,
      reference: null,
      createdAt: new Date('2025-12-24T08:00:00Z'),
    },
    {
      id: '4',
      kind: 'top_up',
      amountCents: 123450,
      reference: 'Card, Visa',
      createdAt: new Date('2026-03-02T12:00:00Z'),
    },
  ] as const satisfies readonly LedgerEntry[];

  it('in German: UTF-8 with BOM, semicolon-separated, decimal commas, Berlin times, CRLF, formulas defused', () => {
    const csv = ledgerCsv(entries, 'de', 'cab');
    expect(csv.startsWith(csvBom)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Datum;Vorgang;Referenz;Betrag (EUR)',
      // 23:30 UTC on 31 January is 00:30 on 1 February in Berlin (winter time).
      `01.02.2026 00:30;Fahrt;"'=HYPERLINK(""evil"")";-1,50`,
      // Summer time: UTC+2.
      '01.07.2026 12:05;Gutschein;ABCD-EFGH-JKLM;10,00',
      '24.12.2025 09:00;Startguthaben;;5,00',
      '02.03.2026 13:00;Aufladung;Card, Visa;1234,50',
      '',
    ]);
  });

  it('in English: comma-separated, decimal points, day/month/year, a comma in a field quoted', () => {
    const csv = ledgerCsv(entries, 'en', 'cab');
    expect(csv.startsWith(csvBom)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Date,Transaction,Reference,Amount (EUR)',
      `01/02/2026 00:30,Ride,"'=HYPERLINK(""evil"")",-1.50`,
      '01/07/2026 12:05,Voucher,ABCD-EFGH-JKLM,10.00',
      '24/12/2025 09:00,Welcome credit,,5.00',
      '02/03/2026 13:00,Top-up,"Card, Visa",1234.50',
      '',
    ]);
    expect(ledgerCsv([], 'en', 'cab').slice(1)).toBe('Date,Transaction,Reference,Amount (EUR)\r\n');
  });
});

describe.each(databaseBackends)('credit on %s', (backend) => {
  let database: TestDatabase | undefined;
  let db: Database;
  let rateLimits: RateLimitStore;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });
  async function setUp() {
    database = await createTestDatabase(backend);
    db = database.handle.db;
    rateLimits = memoryRateLimitStore();
  }
  const ctx = () => ({ db, rateLimits });
  const ip = { ip: '192.0.2.10' };
  const provider = (): PaymentProvider =>
    sandboxPaymentProvider({ secret: 'test-secret', hostedPagePath: '/sandbox', sessionMs: 60_000 });
  const statementText = 'Call a Bike Guthaben';
  const topUpDeps = (overrides: Partial<TopUpDeps> = {}): TopUpDeps => ({
    db,
    paymentProvider: provider(),
    rateLimits,
    creditorId: payment.defaultCreditorId,
    ...overrides,
  });
  const addVoucher = (code: string, valueCents: number, expiresOn: string) =>
    db.insert(vouchers).values({ code, valueCents, expiresOn });

  it('computes the balance as the sum of the ledger, and pages it newest first', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    expect(await balanceCents(db, erika)).toBe(0);
    const start = Date.now() - 30 * day;
    await db.insert(creditLedger).values(
      Array.from({ length: 25 }, (_, index) => ({
        customerId: erika,
        kind: index === 0 ? ('start_bonus' as const) : ('ride_charge' as const),
        amountCents: index === 0 ? 5000 : -100 - index,
        reference: `R-${index}`,
        createdAt: new Date(start + index * 60_000),
      })),
    );
    const rows = await db.select().from(creditLedger).where(eq(creditLedger.customerId, erika));
    const sum = rows.reduce((total, row) => total + row.amountCents, 0);
    expect(await balanceCents(db, erika)).toBe(sum);
    expect(sum).toBe(5000 - (24 * 100 + (24 * 25) / 2));

    const first = await ledgerPage(db, erika, 1, 20);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 25 });
    expect(first.entries.map((entry) => entry.reference)).toEqual(
      Array.from({ length: 20 }, (_, index) => `R-${24 - index}`),
    );
    const second = await ledgerPage(db, erika, 2, 20);
    expect(second.entries.map((entry) => entry.reference)).toEqual(['R-4', 'R-3', 'R-2', 'R-1', 'R-0']);
    // Pages past the end and nonsense show the nearest page that exists.
    expect((await ledgerPage(db, erika, 99, 20)).page).toBe(2);
    expect((await ledgerPage(db, erika, Number.NaN, 20)).page).toBe(1);
  });

  it('redeems a voucher once, case-insensitively, into the ledger in the same transaction', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    await addVoucher('ABCD-EFGH-JKLM', 1000, berlinDate(new Date(Date.now() + 30 * day)));
    const code = normalizeVoucherCode('abcd efgh jklm')!;
    expect(await redeemVoucher(ctx(), erika, code, ip)).toEqual({ ok: true, code, valueCents: 1000 });
    expect(await balanceCents(db, erika)).toBe(1000);
    expect(await voucherCredit(db, erika, code)).toMatchObject({ kind: 'voucher', amountCents: 1000 });
    const [voucher] = await db.select().from(vouchers);
    expect(voucher?.redeemedBy).toBe(erika);
    expect(voucher?.redeemedAt).toBeInstanceOf(Date);
  });

  it('gives unknown, expired and already used codes each their own message, and credits nothing', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    const today = berlinDate();
    await addVoucher('OLDO-LDOL-DOLD', 500, berlinDate(new Date(Date.now() - 2 * day)));
    await addVoucher('LAST-DAYT-ODAY', 700, today);
    await addVoucher('USED-USED-USED', 300, berlinDate(new Date(Date.now() + day)));
    expect((await redeemVoucher(ctx(), erika, 'USED-USED-USED', ip)).ok).toBe(true);

    expect(await redeemVoucher(ctx(), erika, 'NOPE-NOPE-NOPE', ip)).toEqual({
      ok: false,
      error: 'credit.voucher.unknown',
    });
    expect(await redeemVoucher(ctx(), erika, 'OLDO-LDOL-DOLD', ip)).toEqual({
      ok: false,
      error: 'credit.voucher.expired',
    });
    expect(await redeemVoucher(ctx(), erika, 'USED-USED-USED', ip)).toEqual({
      ok: false,
      error: 'credit.voucher.used',
    });
    // The expiry date is the last day a code can be redeemed.
    expect((await redeemVoucher(ctx(), erika, 'LAST-DAYT-ODAY', ip)).ok).toBe(true);
    expect(await balanceCents(db, erika)).toBe(300 + 700);
  });

  it('credits a code once when two redemptions run at the same moment', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    const max = await insertCustomer(db, 'max@example.org');
    await addVoucher('SAME-TIME-CODE', 2500, berlinDate(new Date(Date.now() + day)));
    const outcomes = await Promise.all([
      redeemVoucher(ctx(), erika, 'SAME-TIME-CODE', ip),
      redeemVoucher(ctx(), max, 'SAME-TIME-CODE', ip),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, error: 'credit.voucher.used' }]);
    const credits = await db.select().from(creditLedger).where(eq(creditLedger.kind, 'voucher'));
    expect(credits).toHaveLength(1);
    expect((await balanceCents(db, erika)) + (await balanceCents(db, max))).toBe(2500);

    // The same customer sending the form twice at once is no different.
    await addVoucher('TWIC-ETWI-CETW', 1000, berlinDate(new Date(Date.now() + day)));
    const twice = await Promise.all([
      redeemVoucher(ctx(), max, 'TWIC-ETWI-CETW', ip),
      redeemVoucher(ctx(), max, 'TWIC-ETWI-CETW', ip),
    ]);
    expect(twice.filter((outcome) => outcome.ok)).toHaveLength(1);
  });

  it('makes a customer wait after too many failed codes, even for a valid one', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    await addVoucher('GOOD-CODE-1234', 1000, berlinDate(new Date(Date.now() + day)));
    for (let attempt = 0; attempt < payment.voucher.failuresPerCustomer; attempt++) {
      const guess = `GUES-SNUM-${String(attempt).padStart(4, '0')}`;
      expect(await redeemVoucher(ctx(), erika, guess, ip)).toMatchObject({ error: 'credit.voucher.unknown' });
    }
    expect(await redeemVoucher(ctx(), erika, 'GOOD-CODE-1234', ip)).toEqual({
      ok: false,
      error: 'credit.voucher.wait',
      retryAfterMinutes: 60,
    });
    expect(await balanceCents(db, erika)).toBe(0);
  });

  it('refuses a top-up without a payment method, charging and booking nothing', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    let charged = 0;
    const counting = provider();
    const spy: PaymentProvider = {
      ...counting,
      charge: (request) => {
        charged++;
        return counting.charge(request);
      },
    };
    expect(
      await topUp(topUpDeps({ paymentProvider: spy }), {
        customerId: erika,
        amountCents: 2000,
        idempotencyKey: 'k'.repeat(20),
        statementText,
      }),
    ).toEqual({ ok: false, error: 'credit.top-up.no-method' });
    expect(charged).toBe(0);
    expect(await db.select().from(payments)).toEqual([]);
    expect(await balanceCents(db, erika)).toBe(0);
  });

  it('tops up one of the configured amounts: a payment row and a ledger entry, once per form', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    const methodId = await addSepaMethod(db, erika);
    const request = { customerId: erika, amountCents: 2000, idempotencyKey: 'form-key-0000000001', statementText };
    expect(await topUp(topUpDeps(), { ...request, amountCents: 1500 })).toEqual({
      ok: false,
      error: 'credit.top-up.amount',
    });
    const outcome = await topUp(topUpDeps(), request);
    if (!outcome.ok) throw new Error(outcome.error);
    expect(await topUpResult(db, erika, outcome.paymentId)).toEqual({ amountCents: 2000, status: 'succeeded' });
    const [row] = await db.select().from(payments);
    expect(row).toMatchObject({ customerId: erika, paymentMethodId: methodId, amountCents: 2000, status: 'succeeded' });
    expect(await balanceCents(db, erika)).toBe(2000);
    const [entry] = await allLedgerEntries(db, erika);
    expect(entry).toMatchObject({ kind: 'top_up', amountCents: 2000, reference: row?.providerReference });

    // The same form sent again changes nothing.
    expect(await topUp(topUpDeps(), request)).toEqual({ ok: false, error: 'credit.top-up.duplicate' });
    expect(await balanceCents(db, erika)).toBe(2000);
  });

  it('records a declined charge as a failed payment and credits nothing', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    await db.insert(paymentMethods).values({
      customerId: erika,
      kind: 'card',
      providerToken: 'sbx_visa-0002_abc',
      label: 'Visa •••• 0002',
    });
    expect(
      await topUp(topUpDeps(), {
        customerId: erika,
        amountCents: 1000,
        idempotencyKey: 'form-key-0000000002',
        statementText,
      }),
    ).toEqual({ ok: false, error: 'credit.top-up.declined' });
    expect(await db.select({ status: payments.status }).from(payments)).toEqual([{ status: 'failed' }]);
    expect(await balanceCents(db, erika)).toBe(0);
  });

  it('never shows or charges one customer’s ledger, payments or method to another', async () => {
    await setUp();
    const erika = await insertCustomer(db, 'erika@example.org');
    const max = await insertCustomer(db, 'max@example.org');
    await addSepaMethod(db, erika);
    await addVoucher('ERIK-ASCO-DE12', 1000, berlinDate(new Date(Date.now() + day)));
    await redeemVoucher(ctx(), erika, 'ERIK-ASCO-DE12', ip);
    const erikasTopUp = await topUp(topUpDeps(), {
      customerId: erika,
      amountCents: 1000,
      idempotencyKey: 'form-key-0000000003',
      statementText,
    });
    if (!erikasTopUp.ok) throw new Error(erikasTopUp.error);

    expect(await balanceCents(db, max)).toBe(0);
    expect((await ledgerPage(db, max, 1, 20)).entries).toEqual([]);
    expect(await allLedgerEntries(db, max)).toEqual([]);
    expect(ledgerCsv(await allLedgerEntries(db, max), 'de', 'cab')).toBe(
      `${csvBom}Datum;Vorgang;Referenz;Betrag (EUR)\r\n`,
    );
    expect(await voucherCredit(db, max, 'ERIK-ASCO-DE12')).toBeNull();
    expect(await topUpResult(db, max, erikasTopUp.paymentId)).toBeNull();
    // Max has no payment method of his own; Erika's is not his to charge.
    expect(
      await topUp(topUpDeps(), {
        customerId: max,
        amountCents: 1000,
        idempotencyKey: 'form-key-0000000004',
        statementText,
      }),
    ).toEqual({ ok: false, error: 'credit.top-up.no-method' });
    expect(await balanceCents(db, erika)).toBe(2000);
  });
});

describe.each(deploymentBackends)('voucher codes sent together on $database with $limits limits', (backend) => {
  let database: TestDatabase | undefined;
  let limits: TestRateLimits | undefined;
  // The first database of a run migrates a template (seconds on a busy machine); later ones clone it.
  beforeAll(async () => {
    await (await createTestDatabase(backend.database)).dispose();
  }, 120_000);
  afterEach(async () => {
    await Promise.all([database?.dispose(), limits?.dispose()]);
    database = limits = undefined;
  });
  async function setUp() {
    database = await createTestDatabase(backend.database);
    limits = await createTestRateLimits(backend.limits);
    return { db: database.handle.db, rateLimits: limits.store };
  }
  const ip = { ip: '198.51.100.23' };
  const { failuresPerCustomer, failuresPerIp } = payment.voucher;
  const guess = (index: number) => `GUES-SNUM-${String(index).padStart(4, '0')}`;
  const errorsOf = (outcomes: Awaited<ReturnType<typeof redeemVoucher>>[], error: string) =>
    outcomes.filter((outcome) => !outcome.ok && outcome.error === error);

  it('looks up 10 of 30 codes a customer sends together, and refuses the valid one after them', async () => {
    const ctx = await setUp();
    const erika = await insertCustomer(ctx.db, 'erika@example.org');
    await ctx.db.insert(vouchers).values({ code: 'GOOD-CODE-1234', valueCents: 1000, expiresOn: '2099-12-31' });
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        redeemVoucher(ctx, erika, index === 29 ? 'GOOD-CODE-1234' : guess(index), ip),
      ),
    );
    expect(errorsOf(outcomes, 'credit.voucher.unknown')).toHaveLength(failuresPerCustomer);
    expect(errorsOf(outcomes, 'credit.voucher.wait')).toHaveLength(30 - failuresPerCustomer);
    expect(outcomes.at(-1)).toEqual({ ok: false, error: 'credit.voucher.wait', retryAfterMinutes: 60 });
    expect(await balanceCents(ctx.db, erika)).toBe(0);
    expect((await ctx.db.select().from(vouchers))[0]?.redeemedAt).toBeNull();
  });

  it('looks up 50 of 80 codes sent together from one address by 8 customers', async () => {
    const ctx = await setUp();
    const customerIds: string[] = [];
    for (let index = 0; index < 8; index++) customerIds.push(await insertCustomer(ctx.db, `c${index}@example.org`));
    const outcomes = await Promise.all(
      Array.from({ length: 80 }, (_, index) => redeemVoucher(ctx, customerIds[index % 8]!, guess(index), ip)),
    );
    expect(errorsOf(outcomes, 'credit.voucher.unknown')).toHaveLength(failuresPerIp);
    expect(errorsOf(outcomes, 'credit.voucher.wait')).toHaveLength(80 - failuresPerIp);
  });

  it('does not count a redeemed code as a failure', async () => {
    const ctx = await setUp();
    const erika = await insertCustomer(ctx.db, 'erika@example.org');
    await ctx.db.insert(vouchers).values({ code: 'GOOD-CODE-1234', valueCents: 1000, expiresOn: '2099-12-31' });
    for (let index = 0; index < failuresPerCustomer - 1; index++) await redeemVoucher(ctx, erika, guess(index), ip);
    expect((await redeemVoucher(ctx, erika, 'GOOD-CODE-1234', ip)).ok).toBe(true);
    expect(await redeemVoucher(ctx, erika, guess(99), ip)).toEqual({ ok: false, error: 'credit.voucher.unknown' });
    expect(await redeemVoucher(ctx, erika, guess(98), ip)).toMatchObject({ error: 'credit.voucher.wait' });
  });
});

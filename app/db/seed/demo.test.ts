import { hashPassword } from '~/shared/security/passwords.server';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testServices } from '../../../tests/support/route-harness';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import type { DatabaseHandle } from '../client.server';
import { contracts, creditLedger, customers, paymentMethods, payments, trips, vouchers } from '../schema';
import { defaultDemoPassword, demoEmail, demoVouchers, seedDemoData } from './demo.server';
import { seedReferenceData } from './seed.server';
import { loadConfig } from '~/config/env.server';
import { logIn } from '~/features/accounts/login.server';
import { createServices } from '~/services.server';
import { receiveTrips } from '~/features/rides/public.server';
import { berlinDate } from '~/platform/berlin-date';

/**
 * The demo customer (README "Run it", docs/decisions/0003, 0006 and 0021): seeded on a local run
 * (PUBLIC_URL on localhost) on the embedded database unless DEMO_SEED=0, on a DATABASE_URL
 * (PostgreSQL) database or for a public address only with DEMO_SEED=1; password
 * `Fahrrad-Sommer-2026` or DEMO_PASSWORD; idempotent.
 *
 * The decision has no function of its own: it is inline in `seedDemoData` and reads the database
 * handle's `kind` (`openDatabase` answers `postgres` exactly when DATABASE_URL is set). So it is
 * tested through `seedDemoData`, with the test database's handle labelled as the kind in question.
 */

const localUrl = 'http://localhost:3000';
const deployedUrl = 'https://kunden.example.com';

describe.each(databaseBackends)('demo seed on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await database?.dispose();
  });

  async function setUp() {
    database = await createTestDatabase(backend);
    await seedReferenceData(database.handle.db);
  }
  /** The test database as the kind of database the server would have opened. */
  const handleAs = (kind: DatabaseHandle['kind']): DatabaseHandle => ({ ...database.handle, kind });
  const servicesWith = (env: Record<string, string> = {}) => testServices(database.handle, env);
  /** A local run unless `env` names another PUBLIC_URL. */
  const seed = (kind: DatabaseHandle['kind'], env: Record<string, string> = {}) => {
    const { config } = servicesWith({ PUBLIC_URL: localUrl, ...env });
    // As the composition root hands it in (app/services.server.ts).
    return seedDemoData(handleAs(kind), config, {
      bookTrips: (demoTrips, options) => receiveTrips({ db: database.handle.db, config }, demoTrips, options),
    });
  };

  /** Everything the demo seed writes, in a stable order. */
  async function demoRows() {
    const db = database.handle.db;
    return {
      customers: await db.select().from(customers).orderBy(asc(customers.id)),
      contracts: await db.select().from(contracts).orderBy(asc(contracts.id)),
      ledger: await db.select().from(creditLedger).orderBy(asc(creditLedger.createdAt), asc(creditLedger.id)),
      paymentMethods: await db.select().from(paymentMethods).orderBy(asc(paymentMethods.id)),
      payments: await db.select().from(payments).orderBy(asc(payments.id)),
      vouchers: await db.select().from(vouchers).orderBy(asc(vouchers.code)),
      trips: await db.select().from(trips).orderBy(asc(trips.startTime)),
    };
  }

  const tryLogin = (password: string) =>
    logIn(servicesWith(), { email: demoEmail, password, ip: '192.0.2.1', userAgent: 'test' });

  it('is idempotent: a second start leaves one demo customer, one contract and the same ledger', async () => {
    await setUp();
    const first = await seed(backend, { DEMO_SEED: '1' });
    expect(first).toEqual({ email: demoEmail, password: defaultDemoPassword });
    const afterFirst = await demoRows();

    expect(afterFirst.customers).toHaveLength(1);
    const demo = afterFirst.customers[0]!;
    expect(demo).toMatchObject({ email: demoEmail, firstName: 'Dana' });
    expect(demo.emailVerifiedAt).toBeInstanceOf(Date);
    expect(afterFirst.contracts).toMatchObject([{ customerId: demo.id, state: 'active', tariffId: 'komfort-monat' }]);
    expect(afterFirst.paymentMethods).toMatchObject([{ customerId: demo.id, kind: 'sepa', active: true }]);
    expect(afterFirst.payments).toHaveLength(2);
    // Start bonus, two top-ups, a voucher, and a charge for each of the 25 rides that cost something.
    expect(afterFirst.trips).toHaveLength(25);
    const paidRides = afterFirst.trips.filter((trip) => trip.priceCents! > 0);
    expect(afterFirst.ledger).toHaveLength(4 + paidRides.length);
    expect(afterFirst.ledger.filter((entry) => entry.kind === 'ride_charge').map((entry) => entry.reference)).toEqual(
      paidRides.map((trip) => `trip:${trip.tripId}`),
    );
    expect(afterFirst.ledger.every((entry) => entry.customerId === demo.id)).toBe(true);
    expect(afterFirst.vouchers.map((voucher) => voucher.code).sort()).toEqual(
      Object.values(demoVouchers)
        .map((voucher) => voucher.code)
        .sort(),
    );

    const second = await seed(backend, { DEMO_SEED: '1' });
    expect(second).toEqual(first);
    expect(await demoRows()).toEqual(afterFirst);

    // The README's password opens the demo account.
    expect(await tryLogin(defaultDemoPassword)).toMatchObject({ ok: true, customerId: demo.id });
  });

  it.each(['cab', 'flinkster'] as const)(
    "gives the %s demo customer rated rides of this month and the last, booked after the contract's start",
    async (brand) => {
      await setUp();
      await seed('pglite', { CLIENT: brand });
      const rows = await demoRows();
      const contract = rows.contracts[0]!;
      // The contract starts before the first booking and the first ride.
      expect(contract.startDate <= berlinDate(rows.ledger[0]!.createdAt)).toBe(true);
      expect(contract.startDate <= berlinDate(rows.trips[0]!.startTime)).toBe(true);
      expect(rows.trips.every((trip) => trip.customerId === rows.customers[0]!.id && trip.priceCents !== null)).toBe(
        true,
      );
      expect(rows.trips.every((trip) => trip.vehicleType === (brand === 'cab' ? 'bicycle' : 'car'))).toBe(true);
      const month = (date: Date) => berlinDate(date).slice(0, 7);
      const thisMonth = month(new Date());
      const [year, monthNumber] = thisMonth.split('-').map(Number);
      const lastMonth = monthNumber === 1 ? `${year! - 1}-12` : `${year}-${String(monthNumber! - 1).padStart(2, '0')}`;
      const months = new Set(rows.trips.map((trip) => month(trip.startTime)));
      expect(months).toContain(thisMonth);
      expect(months).toContain(lastMonth);
      // The breakdowns show what the page explains: e-bikes and a daily cap on cab, a capped long hire on flinkster.
      const capped = rows.trips.filter(
        (trip) => (trip.breakdown as { capReductionCents: number }).capReductionCents > 0,
      );
      expect(capped.length).toBeGreaterThan(0);
      if (brand === 'cab')
        expect(rows.trips.some((trip) => trip.propulsionTypes.includes('electric_assist'))).toBe(true);
    },
  );

  it('uses DEMO_PASSWORD when given, instead of the README password', async () => {
    await setUp();
    const password = 'Eigenes Passwort für die Vorführung';
    expect(await seed('pglite', { DEMO_PASSWORD: password })).toEqual({ email: demoEmail, password });

    const [demo] = await database.handle.db.select().from(customers).where(eq(customers.email, demoEmail));
    expect(demo?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await tryLogin(password)).toMatchObject({ ok: true, customerId: demo!.id });
    expect(await tryLogin(defaultDemoPassword)).toEqual({ ok: false, error: 'login.invalid' });
  });

  it('sets a changed DEMO_PASSWORD on the existing demo customer, so that the printed login works', async () => {
    await setUp();
    await seed('pglite');
    const password = 'Neues Passwort für die Vorführung';
    expect(await seed('pglite', { DEMO_PASSWORD: password })).toEqual({ email: demoEmail, password });
    expect(await tryLogin(password)).toMatchObject({ ok: true });
    expect(await tryLogin(defaultDemoPassword)).toEqual({ ok: false, error: 'login.invalid' });
  });

  it('prints no password that would not work once the demo customer changed it in the app', async () => {
    await setUp();
    await seed('pglite');
    await database.handle.db
      .update(customers)
      .set({ passwordHash: await hashPassword('Selbst gewähltes Kennwort') })
      .where(eq(customers.email, demoEmail));
    expect(await seed('pglite')).toEqual({ email: demoEmail, password: null });
    expect(await tryLogin('Selbst gewähltes Kennwort')).toMatchObject({ ok: true });
  });

  it('refuses to start with a DEMO_PASSWORD the password rules would refuse', async () => {
    await setUp();
    await expect(seed('pglite', { DEMO_PASSWORD: 'demo-kurz' })).rejects.toThrow(/DEMO_PASSWORD/);
  });

  it.each([
    { kind: 'pglite', PUBLIC_URL: localUrl, DEMO_SEED: undefined, setting: 'unset', seeded: true },
    { kind: 'pglite', PUBLIC_URL: localUrl, DEMO_SEED: '1', setting: '1', seeded: true },
    { kind: 'pglite', PUBLIC_URL: localUrl, DEMO_SEED: '0', setting: '0', seeded: false },
    { kind: 'postgres', PUBLIC_URL: localUrl, DEMO_SEED: undefined, setting: 'unset', seeded: false },
    { kind: 'postgres', PUBLIC_URL: localUrl, DEMO_SEED: '1', setting: '1', seeded: true },
    { kind: 'postgres', PUBLIC_URL: localUrl, DEMO_SEED: '0', setting: '0', seeded: false },
    { kind: 'pglite', PUBLIC_URL: deployedUrl, DEMO_SEED: undefined, setting: 'unset', seeded: false },
    { kind: 'pglite', PUBLIC_URL: deployedUrl, DEMO_SEED: '1', setting: '1', seeded: true },
    { kind: 'postgres', PUBLIC_URL: deployedUrl, DEMO_SEED: undefined, setting: 'unset', seeded: false },
    { kind: 'postgres', PUBLIC_URL: deployedUrl, DEMO_SEED: '1', setting: '1', seeded: true },
  ] as const)(
    '$kind database at $PUBLIC_URL, DEMO_SEED $setting: demo data $seeded',
    async ({ kind, PUBLIC_URL, DEMO_SEED, seeded }) => {
      await setUp();
      const login = await seed(kind, DEMO_SEED ? { PUBLIC_URL, DEMO_SEED } : { PUBLIC_URL });
      const rows = await demoRows();
      if (seeded) {
        expect(login).toEqual({ email: demoEmail, password: defaultDemoPassword });
        expect(rows.customers.map((customer) => customer.email)).toEqual([demoEmail]);
        expect(rows.contracts).toHaveLength(1);
      } else {
        // No demo login is printed at start-up, and nothing demo-ish is written.
        expect(login).toBeNull();
        expect(rows).toEqual({
          customers: [],
          contracts: [],
          ledger: [],
          paymentMethods: [],
          payments: [],
          vouchers: [],
          trips: [],
        });
      }
    },
  );

  it(
    backend === 'pglite'
      ? "the server's start-up seeds the embedded database by default"
      : "the server's start-up leaves a DATABASE_URL database without demo data by default",
    async () => {
      // createServices opens the database the configuration names: PGlite in DATA_DIR, or DATABASE_URL.
      database = await createTestDatabase(backend);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'demo-seed-'));
      const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      if (database.url) env.DATABASE_URL = database.url;
      const services = await createServices(loadConfig(env), 'test');
      try {
        expect(services.database.kind).toBe(backend);
        const demo = await services.database.db.select().from(customers).where(eq(customers.email, demoEmail));
        if (backend === 'pglite') {
          expect(services.demoLogin).toEqual({ email: demoEmail, password: defaultDemoPassword });
          expect(demo).toHaveLength(1);
        } else {
          expect(services.demoLogin).toBeNull();
          expect(demo).toEqual([]);
        }
      } finally {
        await services.close();
      }
    },
  );
});

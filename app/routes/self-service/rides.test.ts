import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createRouteHarness,
  harnessSessionCookie,
  publicUrl,
  type RouteHarness,
} from '../../../tests/support/route-harness';
import { createTestDatabase, databaseBackends } from '../../../tests/support/test-databases';
import { loader as ridesLoader } from './rides';
import { loader as statementLoader } from '../resources/rides-statement';
import type { Database } from '~/db/client.server';
import { customers, trips, vehicleClasses } from '~/db/schema';
import { createSession } from '~/features/accounts/sessions.server';
import { rateBikeRide, rateCarRide } from '~/features/rides/rating';
import { pagePath } from '~/i18n/route-table';

/**
 * The rides page and its CSV through the routes as the server calls them (docs/rules/rides-and-charges.md#rides-page):
 * only the logged-in customer's rated rides, newest first, in pages; each with how its price was made; the CSV with
 * the same rides, safe to open in a spreadsheet.
 */

const minute = 60_000;
const komfort = { ridePriceCents: 100, rideBlockMinutes: 30, freeMinutes: 30, dailyCapCents: 1200 };
const kompakt = { hourCents: 600, kmCents: 26, dailyCapCents: 7500 };

async function insertCustomer(db: Database, email: string): Promise<{ id: string; customerNumber: string }> {
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
    .returning({ id: customers.id, customerNumber: customers.customerNumber });
  return row!;
}

/** A rated bike trip as the booking stores it (price and breakdown from rating.ts), without the ledger. */
async function insertBikeTrip(
  db: Database,
  customer: { id: string | null; customerNumber: string },
  start: Date,
  minutes: number,
  { electric = false, alreadyChargedThatDayCents = 0, rated = true } = {},
): Promise<string> {
  const end = new Date(start.getTime() + minutes * minute);
  const { priceCents, breakdown } = rateBikeRide({ startTime: start, endTime: end, electric }, komfort, {
    alreadyChargedThatDayCents,
  });
  const tripId = crypto.randomUUID();
  await db.insert(trips).values({
    tripId,
    customerNumber: customer.customerNumber,
    customerId: customer.id,
    deviceId: 'bike-4711',
    vehicleType: 'bicycle',
    propulsionTypes: [electric ? 'electric_assist' : 'human'],
    startTime: start,
    endTime: end,
    tariffId: 'komfort-monat',
    priceCents: rated ? priceCents : null,
    breakdown: rated ? breakdown : null,
    chargedCents: rated ? priceCents : 0,
  });
  return tripId;
}

/** Amounts as Intl writes them have a no-break space before or after the euro sign; the tests read plain ones. */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replace(/[\u00a0\u202f]/g, ' ')) as T;
}

/** The CSV download's bytes as text, its byte order mark kept (`Response.text()` drops it). */
async function csvOf(response: Response): Promise<string> {
  return plain(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()));
}

function get(path: string, token?: string): Request {
  return new Request(`${publicUrl}${path}`, {
    headers: token ? { Cookie: `${harnessSessionCookie}=${token}` } : {},
  });
}

describe.each(databaseBackends)('the rides page on %s', (backend) => {
  let harness: RouteHarness;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await harness?.dispose();
  });
  const db = () => harness.services.database.db;
  const path = pagePath('rides', 'de');

  it("lists only the logged-in customer's rated rides, newest first, 20 to a page", async () => {
    harness = await createRouteHarness(backend);
    const erika = await insertCustomer(db(), 'erika@example.org');
    const max = await insertCustomer(db(), 'max@example.org');
    const first = Date.UTC(2026, 2, 2, 8, 0);
    const erikasTrips: string[] = [];
    for (let index = 0; index < 25; index++) {
      erikasTrips.push(await insertBikeTrip(db(), erika, new Date(first + index * 3_600_000), 40));
    }
    const maxsTrip = await insertBikeTrip(db(), max, new Date(first + 30 * 3_600_000), 40);
    // Not yet rated, and a trip of a customer number nobody has: neither is Erika's ride to show.
    await insertBikeTrip(db(), erika, new Date(first + 31 * 3_600_000), 40, { rated: false });
    await insertBikeTrip(db(), { id: null, customerNumber: erika.customerNumber }, new Date(first), 40);
    const { token } = await createSession(db(), erika.id, 'Firefox');

    const one = await harness.call(ridesLoader, get(path, token));
    expect(one).toMatchObject({ page: 1, pageCount: 2, total: 25 });
    expect(one.rides).toHaveLength(20);
    const two = await harness.call(ridesLoader, get(`${path}?page=2`, token));
    expect(two.rides).toHaveLength(5);
    // Newest first across the pages, every ride once; a page beyond the last shows the last.
    const starts = [...one.rides, ...two.rides].map((ride) => ride.start);
    expect(starts[0]).toBe('03.03.2026, 09:00');
    expect(starts.at(-1)).toBe('02.03.2026, 09:00');
    expect(new Set(starts).size).toBe(25);
    expect(await harness.call(ridesLoader, get(`${path}?page=99`, token))).toMatchObject({ page: 2 });
    expect(await harness.call(ridesLoader, get(`${path}?page=abc`, token))).toMatchObject({ page: 1 });

    // Max sees his one ride only.
    const maxs = await harness.call(ridesLoader, get(path, (await createSession(db(), max.id, 'Firefox')).token));
    expect(maxs.rides).toHaveLength(1);
    expect(maxs.total).toBe(1);

    // The CSV: Erika's 25 rides and nobody else's, with the trip ids as references.
    const csv = await csvOf(await harness.call(statementLoader, get('/resources/rides-statement?locale=de', token)));
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(26);
    expect(erikasTrips.every((tripId) => csv.includes(tripId))).toBe(true);
    expect(csv).not.toContain(maxsTrip);
  });

  it('says how each price was made: free minutes, e-bike surcharge, the daily cap', async () => {
    harness = await createRouteHarness(backend);
    const erika = await insertCustomer(db(), 'erika@example.org');
    // Berlin, 10 March 2026 (CET): a 75-min ride after the free half hour, a 45-min e-bike ride, and one the cap
    // cuts down because the day's rides already cost 11 €.
    await insertBikeTrip(db(), erika, new Date(Date.UTC(2026, 2, 10, 7, 0)), 75);
    await insertBikeTrip(db(), erika, new Date(Date.UTC(2026, 2, 10, 9, 0)), 45, { electric: true });
    await insertBikeTrip(db(), erika, new Date(Date.UTC(2026, 2, 10, 16, 0)), 150, {
      alreadyChargedThatDayCents: 1100,
    });
    const { token } = await createSession(db(), erika.id, 'Firefox');

    const page = await harness.call(ridesLoader, get(path, token));
    expect(plain(page.rides.map(({ id: _id, ...ride }) => ride))).toEqual([
      {
        start: '10.03.2026, 17:00',
        end: '10.03.2026, 19:30',
        duration: '2 Std. 30 Min.',
        vehicle: 'Fahrrad',
        distance: null,
        priceCents: 100,
        explanation: [
          'erste 30 Min. frei',
          '4 × 30 Min. à 1,00 €: 4,00 €',
          'Tageshöchstpreis 12,00 € am 10.03.2026 erreicht: −3,00 €',
        ],
      },
      {
        start: '10.03.2026, 10:00',
        end: '10.03.2026, 10:45',
        duration: '45 Min.',
        vehicle: 'E-Bike',
        distance: null,
        priceCents: 400,
        explanation: ['2 × 30 Min. à 1,00 €: 2,00 €', 'E-Bike-Zuschlag 2 × 30 Min. à 1,00 €: 2,00 €'],
      },
      {
        start: '10.03.2026, 08:00',
        end: '10.03.2026, 09:15',
        duration: '1 Std. 15 Min.',
        vehicle: 'Fahrrad',
        distance: null,
        priceCents: 200,
        explanation: ['erste 30 Min. frei', '2 × 30 Min. à 1,00 €: 2,00 €'],
      },
    ]);

    const english = await harness.call(ridesLoader, get(pagePath('rides', 'en'), token));
    expect(plain(english.rides[0])).toMatchObject({
      start: '10 Mar 2026, 17:00',
      duration: '2 h 30 min',
      vehicle: 'Bike',
      explanation: [
        'first 30 min free',
        '4 × 30 min at €1.00: €4.00',
        'daily cap €12.00 reached on 10 Mar 2026: −€3.00',
      ],
    });
  });

  it('shows a car ride with its class, distance, hours, km and cap, and keeps a CSV field from running as a formula', async () => {
    harness = await createRouteHarness(backend, { CLIENT: 'flinkster' });
    const erika = await insertCustomer(db(), 'erika@example.org');
    // A class an operator named like a formula: the CSV must hand it to a spreadsheet as text.
    await db()
      .insert(vehicleClasses)
      .values({
        id: 'formel',
        brand: 'flinkster',
        nameDe: '=HYPERLINK("https://evil.example")',
        nameEn: '=HYPERLINK("https://evil.example")',
        ...kompakt,
      });
    const start = new Date(Date.UTC(2026, 2, 10, 7, 0));
    const end = new Date(start.getTime() + 26 * 60 * minute);
    const rated = rateCarRide({ startTime: start, endTime: end, distanceMeters: 123_456 }, kompakt);
    for (const vehicleClass of ['kompakt', 'formel']) {
      await db()
        .insert(trips)
        .values({
          tripId: crypto.randomUUID(),
          customerNumber: erika.customerNumber,
          customerId: erika.id,
          deviceId: 'B-FL 1234',
          vehicleType: 'car',
          propulsionTypes: ['combustion'],
          vehicleClass,
          startTime: start,
          endTime: end,
          distanceMeters: 123_456,
          priceCents: rated.priceCents,
          breakdown: rated.breakdown,
          chargedCents: rated.priceCents,
        });
    }
    const { token } = await createSession(db(), erika.id, 'Firefox');

    const page = plain(await harness.call(ridesLoader, get(pagePath('rides', 'en'), token)));
    const car = page.rides.find((ride) => ride.vehicle === 'Compact class');
    // 26 h: the first 24 h capped at 75 €, 2 h at 6 €; 124 started km at 0.26 €.
    expect(car).toMatchObject({
      duration: '26 h 0 min',
      distance: '123.5 km',
      priceCents: 7500 + 1200 + 124 * 26,
      explanation: ['26 h at €6.00: €156.00', 'daily cap €75.00 per 24 h: −€69.00', '124 km at €0.26: €32.24'],
    });

    const csv = await csvOf(await harness.call(statementLoader, get('/resources/rides-statement?locale=en', token)));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csv.slice(1).trimEnd().split('\r\n');
    expect(header).toBe('Start,End,Duration (minutes),Vehicle,Distance (km),Price (EUR),How it was priced,Ride ID');
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.includes('Compact class'))).toMatch(
      /^10\/03\/2026 08:00,11\/03\/2026 10:00,1560,Compact class,123\.5,119\.24,26 h at €6\.00: €156\.00; daily cap €75\.00 per 24 h: −€69\.00; 124 km at €0\.26: €32\.24,[0-9a-f-]{36}$/,
    );
    // The formula-like class name comes out as text (a leading apostrophe), quoted for its quotes.
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"") class"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('sends a visitor without a session to the login page, for the page and for the CSV', async () => {
    harness = await createRouteHarness(backend);
    for (const [loader, target] of [
      [ridesLoader, path],
      [statementLoader, '/resources/rides-statement?locale=de'],
    ] as const) {
      const refused = await harness.call(loader, get(target)).catch((thrown: unknown) => thrown);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).headers.get('Location')).toContain(pagePath('login', 'de'));
    }
  });
});

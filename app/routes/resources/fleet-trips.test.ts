import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouteHarness, publicUrl, type RouteHarness } from '../../../tests/support/route-harness';
import { databaseBackends } from '../../../tests/support/test-databases';
import { action, loader } from './fleet-trips';
import { contracts, creditLedger, customers, tariffChanges, trips } from '~/db/schema';
import { closableByHand, getCase, listCases, type StaffActor } from '~/features/casework/public.server';
import { fleetSignature, receiveTrips, type FleetTrip } from '~/features/rides/public.server';

/** The fleet system's trips in (docs/rules/rides-and-charges.md#trips-in), through the route as the fleet sends them. */

const secret = 'fleet-secret-for-the-tests-0123456789abcdef';
const minute = 60 * 1000;
const hour = 60 * minute;
/** 2026-03-10 00:00 in Berlin (CET, UTC+1). */
const day = Date.UTC(2026, 2, 9, 23, 0);

let customerSequence = 0;

async function customer(harness: RouteHarness, tariffId = 'basis'): Promise<{ id: string; number: string }> {
  customerSequence += 1;
  const number = String(700000 + customerSequence);
  const [row] = await harness.services.db
    .insert(customers)
    .values({
      customerNumber: number,
      email: `rider${customerSequence}@example.org`,
      passwordHash: 'x',
      salutation: 'none',
      firstName: 'Rita',
      lastName: 'Rad',
      birthDate: '1990-01-01',
      phoneE164: '+4915100000000',
      addressText: 'Unter den Linden 1 10117 Berlin',
      addressLat: 52.5171,
      addressLon: 13.3952,
      locale: 'de',
      termsVersion: '1',
      termsAcceptedAt: new Date(),
      privacyVersion: '1',
      privacyAcceptedAt: new Date(),
    })
    .returning({ id: customers.id });
  await harness.services.db
    .insert(contracts)
    .values({ customerId: row!.id, tariffId, startDate: '2025-01-01', tariffSince: '2025-01-01' });
  return { id: row!.id, number };
}

/** A bike trip as the fleet sends it: `start` and `minutes` after Berlin midnight of 2026-03-10. */
function bikeTrip(customerNumber: string, startMs: number, durationMs: number, extra: Record<string, unknown> = {}) {
  return {
    trip_id: randomUUID(),
    device_id: 'bike-4711',
    vehicle_type: 'bicycle',
    propulsion_types: ['human'],
    start_time: day + startMs,
    end_time: day + startMs + durationMs,
    start_location: { lat: 52.52, lng: 13.405 },
    end_location: { lat: 52.5, lng: 13.42 },
    distance: 2300,
    customer_number: customerNumber,
    ...extra,
  };
}

function post(body: string, signature: string | null = fleetSignature(body, secret), contentType = 'application/json') {
  const headers = new Headers({ 'Content-Type': contentType });
  if (signature !== null) headers.set('X-Fleet-Signature', signature);
  return new Request(`${publicUrl}/api/fleet/trips`, { method: 'POST', headers, body });
}

async function send(harness: RouteHarness, body: unknown) {
  const response = await harness.call(action, post(JSON.stringify(body)));
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function ledgerOf(harness: RouteHarness, customerId: string) {
  return harness.services.db
    .select({ amountCents: creditLedger.amountCents, reference: creditLedger.reference })
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId))
    .orderBy(creditLedger.createdAt);
}

async function stored(harness: RouteHarness, tripIds: string[]) {
  return harness.services.db.select().from(trips).where(inArray(trips.tripId, tripIds));
}

const total = (rows: { amountCents: number }[]) => rows.reduce((sum, row) => sum + row.amountCents, 0);

describe.each(databaseBackends)('POST /api/fleet/trips (%s)', (backend) => {
  let harness: RouteHarness;
  beforeAll(async () => {
    harness = await createRouteHarness(backend, { FLEET_WEBHOOK_SECRET: secret });
  });
  afterAll(() => harness.dispose());

  it('books a signed trip: 200, the price in the ledger with the trip as reference', async () => {
    const rider = await customer(harness);
    // 45 minutes on basis: 2 started blocks of 1.00 €.
    const trip = bikeTrip(rider.number, 8 * hour, 45 * minute);
    const { status, json } = await send(harness, trip);
    expect(status).toBe(200);
    expect(json).toEqual({ results: [{ trip_id: trip.trip_id, status: 'booked' }] });
    expect(await ledgerOf(harness, rider.id)).toEqual([{ amountCents: -200, reference: `trip:${trip.trip_id}` }]);
    const [row] = await stored(harness, [trip.trip_id]);
    expect(row).toMatchObject({ customerId: rider.id, priceCents: 200, chargedCents: 200, tariffId: 'basis' });
  });

  it('refuses a wrong or missing signature (401) and stores nothing', async () => {
    const rider = await customer(harness);
    const trip = bikeTrip(rider.number, 8 * hour, 10 * minute);
    const body = JSON.stringify(trip);
    const wrong = await harness.call(action, post(body, fleetSignature(body, 'another-secret-of-at-least-32-chars!!')));
    expect(wrong.status).toBe(401);
    const missing = await harness.call(action, post(body, null));
    expect(missing.status).toBe(401);
    const garbled = await harness.call(action, post(body, 'sha256=zz'));
    expect(garbled.status).toBe(401);
    expect(await stored(harness, [trip.trip_id])).toEqual([]);
    expect(await ledgerOf(harness, rider.id)).toEqual([]);
  });

  it('refuses a body beyond 256 KiB (413) and one that is no JSON (415), before reading it', async () => {
    const big = 'x'.repeat(5 * 1024 * 1024);
    expect((await harness.call(action, post(big))).status).toBe(413);
    const declared = post('{}');
    declared.headers.set('Content-Length', String(5 * 1024 * 1024));
    expect((await harness.call(action, declared)).status).toBe(413);
    expect((await harness.call(action, post('{}', undefined, 'application/x-www-form-urlencoded'))).status).toBe(415);
    expect((await harness.call(action, post('{not json'))).status).toBe(400);
  });

  it('answers GET with 405', () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
  });

  it.each([
    ['end before start', { end_time: day }, 'end_time'],
    ['an unknown vehicle type', { vehicle_type: 'scooter' }, 'vehicle_type'],
    ['a car on the bike brand', { vehicle_type: 'car', vehicle_class: 'mini' }, 'vehicle_type'],
    ['a distance of 10⁹ m', { distance: 1e9 }, 'distance'],
    ["customer number 'abc'", { customer_number: 'abc' }, 'customer_number'],
    ['an unknown propulsion type', { propulsion_types: ['steam'] }, 'propulsion_types.0'],
    ['a start before 2020', { start_time: Date.UTC(2019, 11, 31) }, 'start_time'],
    ['an end in the future', { end_time: Date.now() + hour }, 'end_time'],
    ['a trip of more than 7 days', { end_time: day + 8 * 24 * hour }, 'end_time'],
    ['a trip id that is no UUID', { trip_id: 'trip-1' }, 'trip_id'],
  ])('refuses %s (400, the trip and field named) and stores nothing of the batch', async (_, change, field) => {
    const rider = await customer(harness);
    const good = bikeTrip(rider.number, 8 * hour, 10 * minute);
    const bad = { ...bikeTrip(rider.number, 9 * hour, 10 * minute), ...change };
    const { status, json } = await send(harness, { trips: [good, bad] });
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: 'invalid-trip', trip: 1, field });
    expect(await stored(harness, [good.trip_id])).toEqual([]);
    expect(await ledgerOf(harness, rider.id)).toEqual([]);
  });

  it('refuses a batch of 101 trips and stores none of them', async () => {
    const rider = await customer(harness);
    const batch = Array.from({ length: 101 }, (_, index) => bikeTrip(rider.number, index * minute, minute));
    const { status, json } = await send(harness, { trips: batch });
    expect(status).toBe(400);
    expect(json).toMatchObject({ trip: null, field: 'trips' });
    expect(await stored(harness, [batch[0]!.trip_id])).toEqual([]);
  });

  it('books the same trip sent twice once', async () => {
    const rider = await customer(harness);
    const trip = bikeTrip(rider.number, 8 * hour, 45 * minute);
    await send(harness, trip);
    const again = await send(harness, trip);
    expect(again.json).toEqual({ results: [{ trip_id: trip.trip_id, status: 'unchanged' }] });
    expect(await ledgerOf(harness, rider.id)).toEqual([{ amountCents: -200, reference: `trip:${trip.trip_id}` }]);
  });

  it('books a correction as the difference, with the trip as reference', async () => {
    const rider = await customer(harness);
    const trip = bikeTrip(rider.number, 8 * hour, 20 * minute);
    await send(harness, trip);
    const corrected = { ...trip, end_time: trip.start_time + 2 * hour };
    const { json } = await send(harness, corrected);
    expect(json).toEqual({ results: [{ trip_id: trip.trip_id, status: 'corrected' }] });
    expect(await ledgerOf(harness, rider.id)).toEqual([
      { amountCents: -100, reference: `trip:${trip.trip_id}` },
      { amountCents: -300, reference: `trip:${trip.trip_id}` },
    ]);
    // Corrected back to a shorter ride: the difference is a credit.
    await send(harness, { ...trip, end_time: trip.start_time + 50 * minute });
    const ledger = await ledgerOf(harness, rider.id);
    expect(ledger.at(-1)).toEqual({ amountCents: 200, reference: `trip:${trip.trip_id}` });
    expect(total(ledger)).toBe(-200);
    const [row] = await stored(harness, [trip.trip_id]);
    expect(row).toMatchObject({ revision: 3, chargedCents: 200, priceCents: 200 });
  });

  it('re-rates both days when a correction moves a ride to another day', async () => {
    const rider = await customer(harness);
    // Two rides of 8 h on 2026-03-10: 16 blocks each, the cap (15.00 €) takes the rest of the second.
    const first = bikeTrip(rider.number, 6 * hour, 8 * hour);
    const second = bikeTrip(rider.number, 15 * hour, 8 * hour);
    await send(harness, { trips: [first, second] });
    expect(total(await ledgerOf(harness, rider.id))).toBe(-1500);
    // The first ride really was a day earlier: each day now has one ride, capped alone.
    await send(harness, { ...first, start_time: first.start_time - 24 * hour, end_time: first.end_time - 24 * hour });
    expect(total(await ledgerOf(harness, rider.id))).toBe(-3000);
    const rows = await stored(harness, [first.trip_id, second.trip_id]);
    expect(rows.map((row) => row.chargedCents)).toEqual([1500, 1500]);
  });

  it('keeps a trip of an unknown customer number, unrated', async () => {
    const trip = bikeTrip('99999999', 8 * hour, 45 * minute);
    const { status, json } = await send(harness, trip);
    expect(status).toBe(200);
    expect(json).toEqual({ results: [{ trip_id: trip.trip_id, status: 'kept' }] });
    const [row] = await stored(harness, [trip.trip_id]);
    expect(row).toMatchObject({ customerId: null, customerNumber: '99999999', priceCents: null, chargedCents: 0 });
    expect((await send(harness, trip)).json).toEqual({ results: [{ trip_id: trip.trip_id, status: 'unchanged' }] });
  });

  it('makes a back-office case of a kept trip, which shows its customer number, times and vehicle', async () => {
    const trip = bikeTrip('88888888', 9 * hour, 20 * minute, { device_id: 'bike-0815' });
    await send(harness, trip);
    const known = await customer(harness);
    await send(harness, bikeTrip(known.number, 9 * hour, 20 * minute));
    const [row] = await stored(harness, [trip.trip_id]);
    const { cases } = await listCases(harness.services, { kind: 'trip', pageSize: 100 });
    // A case for the kept trip only, none for the known customer's.
    const [tripCase, ...others] = cases.filter((listed) => listed.sourceId === row!.id);
    expect(others).toEqual([]);
    expect(cases.every((listed) => listed.kind === 'trip')).toBe(true);
    const agent: StaffActor = {
      staffId: '5f0c8a9e-0000-4000-8000-000000000001',
      role: 'agent',
      origin: { requestId: 'req-agent', ipHash: 'hash-agent' },
    };
    const shown = await getCase(harness.services, agent, tripCase!.id);
    expect(shown?.source).toMatchObject({
      kind: 'trip',
      trip: {
        customerNumber: '88888888',
        deviceId: 'bike-0815',
        vehicleType: 'bicycle',
        startTime: new Date(trip.start_time),
        endTime: new Date(trip.end_time),
        booked: false,
      },
    });
    expect(closableByHand).toContain('trip');
    expect(await getCase(harness.services, { ...agent, role: 'finance' }, tripCase!.id)).toBeNull();
  });

  it('ends with the same bookings when the rides of a day arrive out of order (the cap reached by the third)', async () => {
    // Basis: 1.00 € per started 30 min, cap 15.00 €. 3 h (6.00 €), 3.5 h (7.00 €), 2 h (4.00 €, of which 2.00 € left).
    const outcome = async (order: number[]) => {
      const rider = await customer(harness);
      const rides = [
        bikeTrip(rider.number, 7 * hour, 3 * hour),
        bikeTrip(rider.number, 11 * hour, 3.5 * hour),
        bikeTrip(rider.number, 17 * hour, 2 * hour),
      ];
      for (const index of order) await send(harness, rides[index]);
      const rows = await stored(
        harness,
        rides.map((ride) => ride.trip_id),
      );
      const charged = rides.map((ride) => rows.find((row) => row.tripId === ride.trip_id)!.chargedCents);
      return { charged, total: total(await ledgerOf(harness, rider.id)) };
    };
    const inOrder = await outcome([0, 1, 2]);
    expect(inOrder).toEqual({ charged: [600, 700, 200], total: -1500 });
    expect(await outcome([2, 0, 1])).toEqual(inOrder);
    expect(await outcome([1, 2, 0])).toEqual(inOrder);
  });

  it('rates each ride by the tariff in force when it started (an upgrade during the day)', async () => {
    const rider = await customer(harness);
    const [contract] = await harness.services.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.customerId, rider.id));
    // Upgraded to komfort-monat at 12:00 on 2026-03-10; the contract now has it.
    await harness.services.db.insert(tariffChanges).values({
      contractId: contract!.id,
      fromTariffId: 'basis',
      toTariffId: 'komfort-monat',
      state: 'applied',
      effectiveDate: '2026-03-10',
      requestedAt: new Date(day + 12 * hour),
      settledAt: new Date(day + 12 * hour),
    });
    await harness.services.db
      .update(contracts)
      .set({ tariffId: 'komfort-monat' })
      .where(eq(contracts.id, contract!.id));
    // 45 min before (basis: 2 blocks, 2.00 €) and after the upgrade (komfort: 30 free minutes, 1 block, 1.00 €).
    const before = bikeTrip(rider.number, 9 * hour, 45 * minute);
    const after = bikeTrip(rider.number, 14 * hour, 45 * minute);
    await send(harness, { trips: [after, before] });
    const rows = await stored(harness, [before.trip_id, after.trip_id]);
    const of = (id: string) => rows.find((row) => row.tripId === id)!;
    expect(of(before.trip_id)).toMatchObject({ tariffId: 'basis', chargedCents: 200 });
    expect(of(after.trip_id)).toMatchObject({ tariffId: 'komfort-monat', chargedCents: 100 });
  });

  it('rates a ride by a downgrade whose day has come, even before the contract was read again', async () => {
    const rider = await customer(harness, 'komfort-monat');
    const [contract] = await harness.services.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.customerId, rider.id));
    // Ordered in February, due on 10 March; nobody has read the contract since, so it is still pending.
    await harness.services.db.insert(tariffChanges).values({
      contractId: contract!.id,
      fromTariffId: 'komfort-monat',
      toTariffId: 'basis',
      state: 'pending',
      effectiveDate: '2026-03-10',
      requestedAt: new Date('2026-02-20T10:00:00Z'),
    });
    // 45 min on basis: 2 blocks, 2.00 € (komfort would have made it 1.00 €).
    const ride = bikeTrip(rider.number, 9 * hour, 45 * minute);
    await send(harness, ride);
    expect((await stored(harness, [ride.trip_id]))[0]).toMatchObject({ tariffId: 'basis', chargedCents: 200 });
  });

  it('books two deliveries of the same trip at once once', async () => {
    const rider = await customer(harness);
    const trip = bikeTrip(rider.number, 8 * hour, 45 * minute);
    const body = JSON.stringify(trip);
    const answers = await Promise.all([harness.call(action, post(body)), harness.call(action, post(body))]);
    const statuses = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { results: { status: string }[] }).results[0]!.status),
    );
    expect(statuses.sort()).toEqual(['booked', 'unchanged']);
    expect(await ledgerOf(harness, rider.id)).toEqual([{ amountCents: -200, reference: `trip:${trip.trip_id}` }]);
  });

  it('books a car ride by its vehicle class (flinkster)', async () => {
    const rider = await customer(harness, 'flinkster-flex');
    const config = { ...harness.services.config, brand: 'flinkster' as const };
    const car: FleetTrip = {
      tripId: randomUUID(),
      deviceId: 'B-FL 1234',
      vehicleType: 'car',
      propulsionTypes: ['combustion'],
      startTime: new Date(day + 8 * hour),
      endTime: new Date(day + 33 * hour),
      startLocation: null,
      endLocation: null,
      distanceMeters: 301_200,
      customerNumber: rider.number,
      vehicleClass: 'mini',
    };
    // 24 h capped at 59.00 € + 1 h at 4.50 € + 302 km at 0.24 € (docs/decisions/0062-ride-rating.md).
    expect(await receiveTrips({ db: harness.services.db, config }, [car], { now: new Date() })).toEqual([
      { tripId: car.tripId, status: 'booked' },
    ]);
    expect(await ledgerOf(harness, rider.id)).toEqual([{ amountCents: -13598, reference: `trip:${car.tripId}` }]);
    await expect(receiveTrips(harness.services, [car], { now: new Date() })).rejects.toThrow(/rents out bicycles/);
  });
});

import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '~/config/env.server';
import { demoSeedWanted } from '~/config/local-run';
import { security } from '~/config/security';
import { passwordProblem } from '~/shared/security/password-policy';
import { hashPassword, verifyPassword } from '~/shared/security/passwords.server';
import { berlinDate } from '~/platform/berlin-date';
import type { Database, DatabaseHandle } from '../client.server';
import { contracts, creditLedger, customers, paymentMethods, payments, trips, vouchers } from '../schema';

export const demoEmail = 'demo@example.com';
/** The README names it; `DEMO_PASSWORD` replaces it. It must not contain the email's local part. */
export const defaultDemoPassword = 'Fahrrad-Sommer-2026';

/** The demo login start-up prints; `password` is null when the customer has changed it since. */
export interface DemoLogin {
  email: string;
  password: string | null;
}

/**
 * An ended trip as the fleet system reports it, in the shape the rides feature books
 * (app/features/rides/trip-schema.ts `FleetTrip`; the seed names no feature, docs/decisions/0025).
 */
export interface DemoTrip {
  tripId: string;
  deviceId: string;
  vehicleType: 'bicycle' | 'car';
  propulsionTypes: ('human' | 'electric_assist' | 'combustion')[];
  startTime: Date;
  endTime: Date;
  startLocation: { lat: number; lng: number } | null;
  endLocation: { lat: number; lng: number } | null;
  distanceMeters: number | null;
  customerNumber: string;
  vehicleClass: string | null;
}

/**
 * How the demo rides are booked: the rides feature's `receiveTrips`, handed in by the composition root
 * (app/services.server.ts), so that the demo rides are rated and charged exactly as the fleet system's are.
 */
export type BookDemoTrips = (trips: readonly DemoTrip[], options: { now: Date }) => Promise<unknown>;

/**
 * One verified demo customer with a contract, on a local run on the embedded database — elsewhere
 * only with DEMO_SEED=1 (config/local-run.ts). Idempotent: an existing demo customer keeps its data; only a
 * `DEMO_PASSWORD` that no longer matches is set again, so that the printed login always works.
 */
export async function seedDemoData(
  database: DatabaseHandle,
  config: AppConfig,
  { bookTrips }: { bookTrips: BookDemoTrips },
): Promise<DemoLogin | null> {
  if (!demoSeedWanted(config, database.kind)) return null;
  const password = config.env.DEMO_PASSWORD ?? defaultDemoPassword;
  const problem = passwordProblem(password, demoEmail);
  if (problem) throw new Error(`DEMO_PASSWORD does not follow the password rules (${problem})`);
  const now = new Date();
  const [existing] = await database.db
    .select({ passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.email, demoEmail));
  if (existing) {
    await seedDemoCredit(database.db, now);
    await seedDemoRides(database.db, config, bookTrips, now);
    if (await verifyPassword(existing.passwordHash, password)) return { email: demoEmail, password };
    if (!config.env.DEMO_PASSWORD) return { email: demoEmail, password: null };
    await database.db
      .update(customers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(customers.email, demoEmail));
    return { email: demoEmail, password };
  }
  const passwordHash = await hashPassword(password);
  await database.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(customers)
      .values({
        customerNumber: sql`nextval('customer_number_seq')::text`,
        email: demoEmail,
        emailVerifiedAt: now,
        passwordHash,
        salutation: 'none',
        firstName: 'Dana',
        lastName: 'Demo',
        birthDate: '1990-05-17',
        phoneE164: '+4915123456789',
        addressText: 'Friedrichstraße 50 10117 Berlin',
        addressLat: 52.5076,
        addressLon: 13.3904,
        locale: 'de',
        termsVersion: security.termsVersion,
        termsAcceptedAt: now,
        privacyVersion: security.privacyVersion,
        privacyAcceptedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: customers.id });
    const customer = inserted[0];
    if (!customer) return;
    // The contract starts before the first booking (the start bonus, 40 days ago) and the first ride.
    const contractStart = berlinDate(new Date(now.getTime() - demoContractDays * dayMs));
    await tx.insert(contracts).values({
      customerId: customer.id,
      tariffId: config.brand === 'cab' ? 'komfort-monat' : 'flinkster-flex',
      startDate: contractStart,
      tariffSince: contractStart,
    });
  });
  await seedDemoCredit(database.db, now);
  await seedDemoRides(database.db, config, bookTrips, now);
  return { email: demoEmail, password };
}

/**
 * Demo vouchers (README, "Run it"): one to redeem, and an expired and a used one for the error
 * messages. Codes are stored normalised.
 */
export const demoVouchers = {
  unused: { code: 'SOMM-ER26-RADL', valueCents: 1000 },
  expired: { code: 'ALTE-RGUT-2024', valueCents: 500, expiresOn: '2024-12-31' },
  used: { code: 'EING-ELOE-ST25', valueCents: 1000 },
} as const;

/** The demo customer's SEPA account: the well-known test IBAN (verifies in the sandbox). */
export const demoIban = 'DE89370400440532013000';

const dayMs = 24 * 60 * 60 * 1000;
/** How long ago the demo contract started: before its first booking and its first ride. */
const demoContractDays = 45;

/**
 * The demo customer's credit history (start bonus, top-ups, a redeemed voucher, rides: more than one
 * page of the ledger), the demo vouchers and an active SEPA payment method. Idempotent and additive:
 * each part is written only when it is missing, so an existing data folder gets what it lacks and
 * nothing twice.
 */
async function seedDemoCredit(db: Database, now: Date): Promise<void> {
  const ago = (days: number, hours = 9) => new Date(now.getTime() - days * dayMs + hours * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, customerNumber: customers.customerNumber })
      .from(customers)
      .where(eq(customers.email, demoEmail));
    if (!customer) return;

    await tx
      .insert(vouchers)
      .values([
        {
          code: demoVouchers.unused.code,
          valueCents: demoVouchers.unused.valueCents,
          expiresOn: berlinDate(new Date(now.getTime() + 2 * 365 * dayMs)),
        },
        {
          code: demoVouchers.expired.code,
          valueCents: demoVouchers.expired.valueCents,
          expiresOn: demoVouchers.expired.expiresOn,
        },
        {
          code: demoVouchers.used.code,
          valueCents: demoVouchers.used.valueCents,
          expiresOn: berlinDate(new Date(now.getTime() + 365 * dayMs)),
          redeemedAt: ago(20),
          redeemedBy: customer.id,
        },
      ])
      .onConflictDoNothing();

    const [method] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.customerId, customer.id), eq(paymentMethods.active, true)));
    const methodId =
      method?.id ??
      (
        await tx
          .insert(paymentMethods)
          .values({
            customerId: customer.id,
            kind: 'sepa',
            accountHolder: 'Dana Demo',
            iban: demoIban,
            bic: 'COBADEFFXXX',
            mandateReference: `${customer.customerNumber}-001`,
            mandateAcceptedAt: ago(40),
            mandateIp: '127.0.0.1',
            verificationReference: 'SBX-VER-DEMO',
            createdAt: ago(40),
          })
          .onConflictDoNothing()
          .returning({ id: paymentMethods.id })
      )[0]?.id;

    const [anyEntry] = await tx
      .select({ id: creditLedger.id })
      .from(creditLedger)
      .where(eq(creditLedger.customerId, customer.id))
      .limit(1);
    if (anyEntry || !methodId) return;
    const topUps = [
      { at: ago(38), cents: 2000, reference: 'SBX-DEMO0000000001' },
      { at: ago(12), cents: 2000, reference: 'SBX-DEMO0000000002' },
    ];
    await tx.insert(payments).values(
      topUps.map((topUp) => ({
        customerId: customer.id,
        paymentMethodId: methodId,
        amountCents: topUp.cents,
        status: 'succeeded' as const,
        providerReference: topUp.reference,
        createdAt: topUp.at,
      })),
    );
    await tx.insert(creditLedger).values([
      { customerId: customer.id, kind: 'start_bonus', amountCents: 500, reference: null, createdAt: ago(40) },
      ...topUps.map((topUp) => ({
        customerId: customer.id,
        kind: 'top_up' as const,
        amountCents: topUp.cents,
        reference: topUp.reference,
        createdAt: topUp.at,
      })),
      {
        customerId: customer.id,
        kind: 'voucher',
        amountCents: demoVouchers.used.valueCents,
        reference: demoVouchers.used.code,
        createdAt: ago(20),
      },
    ]);
  });
}

const minuteMs = 60 * 1000;
const hourMs = 60 * minuteMs;

/** Berlin places the demo rides start and end at. */
const demoPlaces = [
  { lat: 52.5251, lng: 13.3694 },
  { lat: 52.5219, lng: 13.4132 },
  { lat: 52.5076, lng: 13.3904 },
  { lat: 52.4731, lng: 13.4039 },
  { lat: 52.4986, lng: 13.4185 },
] as const;

/** A trip id that is the same for the same customer and ride, so that a ride seeded twice is booked once. */
function demoTripId(customerNumber: string, index: number): string {
  const hex = createHash('sha256').update(`demo-trip:${customerNumber}:${index}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The start of the current calendar month in Berlin, or a little after it: 23:00 UTC of the day before the first
 * is Berlin's midnight in winter and 01:00 in summer, never still the month before.
 */
function berlinMonthStart(now: Date): number {
  const [year, month] = berlinDate(now).split('-').map(Number);
  return Date.UTC(year!, month! - 1, 1) - hourMs;
}

/**
 * The demo rides: 24 over the last five weeks (more than one page of the rides and of the ledger, so the previous
 * month always has some) and one today (so the current month has one too, even on its first morning), of the
 * brand's vehicles: bikes and e-bikes for cab, one of them a day-long e-bike ride the daily cap cuts down; cars of
 * each class for flinkster, one of them longer than a day. Booked through the rides feature (`bookTrips`), each
 * just after it ended, so they are rated, capped and charged as the fleet system's trips are. Seeded once: a demo
 * customer who has any trip keeps them.
 */
export function demoTrips(customerNumber: string, brand: AppConfig['brand'], now: Date): DemoTrip[] {
  const monthStart = berlinMonthStart(now);
  const todayStart = Math.min(Math.max(monthStart + minuteMs, now.getTime() - 90 * minuteMs), now.getTime());
  const rides = [
    ...Array.from({ length: 24 }, (_, index) => ({
      start: now.getTime() - (35 - index * 1.5) * dayMs - 3 * hourMs + (index % 5) * hourMs,
      index,
    })),
    { start: todayStart, index: 24 },
  ];
  const bikeMinutes = [12, 25, 40, 55, 75, 95];
  const carMinutes = [45, 90, 150, 240, 60];
  const carClasses = ['mini', 'kompakt', 'transporter'] as const;
  return rides.map(({ start, index }) => {
    const from = demoPlaces[index % demoPlaces.length]!;
    const to = demoPlaces[(index + 2) % demoPlaces.length]!;
    const common = {
      tripId: demoTripId(customerNumber, index),
      customerNumber,
      startTime: new Date(start),
      startLocation: from,
      endLocation: to,
    };
    if (brand === 'cab') {
      const dayLong = index === 10;
      const minutes = index === 24 ? 25 : dayLong ? 300 : bikeMinutes[index % bikeMinutes.length]!;
      const electric = dayLong || index % 4 === 3;
      const endTime = new Date(Math.min(start + minutes * minuteMs, now.getTime()));
      return {
        ...common,
        deviceId: electric ? `ebike-${2200 + index}` : `bike-${10_400 + index}`,
        vehicleType: 'bicycle',
        propulsionTypes: [electric ? 'electric_assist' : 'human'],
        endTime,
        distanceMeters: null,
        vehicleClass: null,
      };
    }
    const minutes = index === 24 ? 40 : index === 10 ? 26 * 60 : carMinutes[index % carMinutes.length]!;
    const endTime = new Date(Math.min(start + minutes * minuteMs, now.getTime()));
    return {
      ...common,
      deviceId: `B-FL ${1000 + index * 37}`,
      vehicleType: 'car',
      propulsionTypes: ['combustion'],
      endTime,
      // About 20 km/h in town, less on the long hire.
      distanceMeters: Math.round(((endTime.getTime() - start) / minuteMs) * (index === 10 ? 120 : 330)),
      vehicleClass: carClasses[index % carClasses.length]!,
    };
  });
}

async function seedDemoRides(db: Database, config: AppConfig, bookTrips: BookDemoTrips, now: Date): Promise<void> {
  const [customer] = await db
    .select({ id: customers.id, customerNumber: customers.customerNumber })
    .from(customers)
    .where(eq(customers.email, demoEmail));
  if (!customer) return;
  const [anyTrip] = await db.select({ id: trips.id }).from(trips).where(eq(trips.customerId, customer.id)).limit(1);
  if (anyTrip) return;
  // A data folder seeded before rides came in holds ride charges without trips: booking the demo rides
  // on top would charge them twice, so such a folder keeps what it has.
  const [earlierCharge] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.customerId, customer.id), eq(creditLedger.kind, 'ride_charge')))
    .limit(1);
  if (earlierCharge) return;
  for (const trip of demoTrips(customer.customerNumber, config.brand, now)) {
    // Booked a few minutes after it ended, as the fleet system would send it (the charge's time in the ledger).
    const bookedAt = new Date(Math.min(trip.endTime.getTime() + 3 * minuteMs, now.getTime()));
    await bookTrips([trip], { now: bookedAt });
  }
}

import { and, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '~/config/env.server';
import { demoSeedWanted } from '~/config/local-run';
import { security } from '~/config/security';
import { passwordProblem } from '~/shared/security/password-policy';
import { hashPassword, verifyPassword } from '~/shared/security/passwords.server';
import { berlinDate } from '~/platform/berlin-date';
import type { Database, DatabaseHandle } from '../client.server';
import { contracts, creditLedger, customers, paymentMethods, payments, vouchers } from '../schema';

export const demoEmail = 'demo@example.com';
/** The README names it; `DEMO_PASSWORD` replaces it. It must not contain the email's local part. */
export const defaultDemoPassword = 'Fahrrad-Sommer-2026';

/** The demo login start-up prints; `password` is null when the customer has changed it since. */
export interface DemoLogin {
  email: string;
  password: string | null;
}

/**
 * One verified demo customer with a contract, on a local run on the embedded database — elsewhere
 * only with DEMO_SEED=1 (config/local-run.ts). Idempotent: an existing demo customer keeps its data; only a
 * `DEMO_PASSWORD` that no longer matches is set again, so that the printed login always works.
 */
export async function seedDemoData(database: DatabaseHandle, config: AppConfig): Promise<DemoLogin | null> {
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
    await tx.insert(contracts).values({
      customerId: customer.id,
      tariffId: config.brand === 'cab' ? 'komfort-monat' : 'flinkster-flex',
      startDate: berlinDate(now),
      tariffSince: berlinDate(now),
    });
  });
  await seedDemoCredit(database.db, now);
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
      // 24 rides over the last five weeks: more than one page of the ledger.
      ...Array.from({ length: 24 }, (_, index) => ({
        customerId: customer.id,
        kind: 'ride_charge' as const,
        amountCents: index % 2 === 0 ? -100 : -200,
        reference: `R-${String(240_101 + index)}`,
        createdAt: ago(36 - index * 1.5, 8 + (index % 10)),
      })),
    ]);
  });
}

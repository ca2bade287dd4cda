import { eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { retention } from '~/config/retention';
import { openDatabase, type Database } from '~/db/client.server';
import {
  accountTokens,
  bikeReports,
  cancellations,
  caseNotes,
  cases,
  creditLedger,
  customers,
  moneyRequests,
  outbox,
  payouts,
  phoneVerifications,
  retainedCustomerRecords,
  sessions,
  smsOutbox,
} from '~/db/schema';
import { runIfDue } from '~/shared/scheduler/scheduled-jobs.server';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { retentionJob } from './retention-job.server';

const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const silent = { info: () => {} };

async function insertCustomer(db: Database, email = 'erika@example.org'): Promise<string> {
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
      termsAcceptedAt: ago(400 * day),
      privacyVersion: '2026-01',
      privacyAcceptedAt: ago(400 * day),
    })
    .returning({ id: customers.id });
  return row!.id;
}

const mail = (recipient: string, times: Partial<typeof outbox.$inferInsert>) => ({
  recipient,
  subject: 'Passwort zurücksetzen',
  text: '',
  html: '',
  kind: 'reset-password',
  ...times,
});

const report = (reference: string, createdAt: Date) => ({
  reference,
  kind: 'damaged' as const,
  bikeNumber: '12345',
  locationLat: 52.5,
  locationLon: 13.4,
  locationSource: 'position' as const,
  seenAt: createdAt,
  description: 'Kette gerissen',
  contactEmail: 'erika@example.org',
  contactPhone: '+4915123456789',
  locale: 'de' as const,
  createdAt,
});

describe.each(databaseBackends)('retention on %s', (backend) => {
  let database: TestDatabase | undefined;
  // The first database of a run migrates a template (seconds on a busy machine); later ones clone it.
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('removes what is past its period, keeps what is within it, and never touches declarations or the ledger', async () => {
    database = await createTestDatabase(backend);
    const { db } = database.handle;
    const customerId = await insertCustomer(db);

    await db.insert(sessions).values([
      { idHash: 'expired', customerId, expiresAt: ago(1000) },
      { idHash: 'live', customerId, expiresAt: new Date(now.getTime() + day) },
    ]);
    const token = (tokenHash: string, times: { usedAt?: Date; expiresAt: Date }) => ({
      tokenHash,
      customerId,
      purpose: 'reset-password' as const,
      ...times,
    });
    await db
      .insert(accountTokens)
      .values([
        token('used-long-ago', { usedAt: ago(retention.accountTokensMs + day), expiresAt: ago(7.5 * day) }),
        token('used-lately', { usedAt: ago(retention.accountTokensMs - day), expiresAt: ago(5 * day) }),
        token('expired-long-ago', { expiresAt: ago(retention.accountTokensMs + day) }),
        token('valid', { expiresAt: new Date(now.getTime() + 3600_000) }),
      ]);
    const code = (id: string, expiresAt: Date) => ({
      id,
      customerId,
      phoneE164: '+4915123456789',
      codeHash: 'h',
      expiresAt,
    });
    await db
      .insert(phoneVerifications)
      .values([
        code('00000000-0000-4000-8000-000000000001', ago(retention.phoneVerificationsMs + 3600_000)),
        code('00000000-0000-4000-8000-000000000002', ago(3600_000)),
      ]);
    await db
      .insert(outbox)
      .values([
        mail('sent-long-ago@example.org', { sentAt: ago(retention.sentMailsMs + day), createdAt: ago(40 * day) }),
        mail('sent-lately@example.org', { sentAt: ago(retention.sentMailsMs - day), createdAt: ago(29 * day) }),
        mail('failed-long-ago@example.org', { failedAt: ago(80 * day), createdAt: ago(retention.unsentMailsMs + day) }),
        mail('failed-lately@example.org', { failedAt: ago(80 * day), createdAt: ago(retention.unsentMailsMs - day) }),
      ]);
    await db.insert(smsOutbox).values([
      { recipient: '+49151000001', text: '', sentAt: ago(retention.finishedSmsMs + day), createdAt: ago(40 * day) },
      { recipient: '+49151000002', text: '', failedAt: ago(retention.finishedSmsMs + day), createdAt: ago(40 * day) },
      { recipient: '+49151000003', text: '', sentAt: ago(day), createdAt: ago(day) },
      { recipient: '+49151000004', text: '123456', createdAt: ago(retention.unsentSmsMs + 3600_000) },
      { recipient: '+49151000005', text: '654321', createdAt: ago(3600_000) },
    ]);
    await db.insert(bikeReports).values([
      { ...report('R-OLD', ago(retention.bikeReportContactMs + day)), customerId },
      { ...report('R-NEW', ago(retention.bikeReportContactMs - day)), customerId },
    ]);
    await db.insert(cancellations).values({
      reference: 'K-OLD',
      receivedAt: ago(11 * 365 * day),
      kind: 'ordinary',
      name: 'Erika Mustermann',
      identifier: 'erika@example.org',
      contractLabel: 'Basis',
      confirmationEmail: 'erika@example.org',
      locale: 'de',
      customerId,
    });
    await db
      .insert(creditLedger)
      .values({ customerId, kind: 'top_up', amountCents: 1000, createdAt: ago(11 * 365 * day) });

    expect(await runIfDue(db, retentionJob(db, silent), now)).toBe(true);

    expect((await db.select().from(sessions)).map((row) => row.idHash)).toEqual(['live']);
    expect((await db.select().from(accountTokens)).map((row) => row.tokenHash).sort()).toEqual([
      'used-lately',
      'valid',
    ]);
    expect((await db.select().from(phoneVerifications)).map((row) => row.id)).toEqual([
      '00000000-0000-4000-8000-000000000002',
    ]);
    expect((await db.select().from(outbox)).map((row) => row.recipient).sort()).toEqual([
      'failed-lately@example.org',
      'sent-lately@example.org',
    ]);
    expect((await db.select().from(smsOutbox)).map((row) => row.recipient).sort()).toEqual([
      '+49151000003',
      '+49151000005',
    ]);
    const [old] = await db.select().from(bikeReports).where(eq(bikeReports.reference, 'R-OLD'));
    expect(old).toMatchObject({ contactEmail: null, contactPhone: null, description: null, customerId: null });
    expect(old).toMatchObject({ bikeNumber: '12345', kind: 'damaged' });
    const [recent] = await db.select().from(bikeReports).where(eq(bikeReports.reference, 'R-NEW'));
    expect(recent).toMatchObject({ contactEmail: 'erika@example.org', description: 'Kette gerissen', customerId });
    expect(await db.select().from(cancellations)).toHaveLength(1);
    expect(await db.select().from(creditLedger)).toHaveLength(1);

    // Within its period the job does not run again.
    expect(await runIfDue(db, retentionJob(db, silent), new Date(now.getTime() + retention.intervalMs - 1))).toBe(
      false,
    );
    expect(await runIfDue(db, retentionJob(db, silent), new Date(now.getTime() + retention.intervalMs))).toBe(true);
  });

  it('deletes the cases of mails that are gone, and what staff wrote on done cases of anonymised bike reports', async () => {
    database = await createTestDatabase(backend);
    const { db } = database.handle;
    const [gone, kept] = await db
      .insert(outbox)
      .values([
        mail('failed-long-ago@example.org', { failedAt: ago(80 * day), createdAt: ago(retention.unsentMailsMs + day) }),
        mail('failed-lately@example.org', { failedAt: ago(80 * day), createdAt: ago(retention.unsentMailsMs - day) }),
      ])
      .returning({ id: outbox.id });
    const [oldReport, newReport] = await db
      .insert(bikeReports)
      .values([
        report('R-OLD', ago(retention.bikeReportContactMs + day)),
        report('R-NEW', ago(retention.bikeReportContactMs - day)),
      ])
      .returning({ id: bikeReports.id, createdAt: bikeReports.createdAt });
    const [goneSms] = await db
      .insert(smsOutbox)
      .values({
        recipient: '+49151000002',
        text: '',
        failedAt: ago(retention.finishedSmsMs + day),
        createdAt: ago(40 * day),
      })
      .returning({ id: smsOutbox.id });
    const caseFor = (
      kind: 'failed_mail' | 'failed_sms' | 'bike_report',
      sourceId: string,
      state: 'new' | 'done' = 'done',
    ) => ({
      kind,
      sourceId,
      occurredAt:
        kind !== 'bike_report' ? ago(80 * day) : (sourceId === oldReport!.id ? oldReport! : newReport!).createdAt,
      state,
      outcomeText: state === 'done' ? 'Frau Mustermann angerufen' : null,
    });
    const created = await db
      .insert(cases)
      .values([
        caseFor('failed_mail', gone!.id),
        caseFor('failed_mail', kept!.id),
        caseFor('bike_report', oldReport!.id),
        caseFor('bike_report', newReport!.id),
        caseFor('failed_sms', goneSms!.id, 'new'),
      ])
      .returning({ id: cases.id });
    await db
      .insert(caseNotes)
      .values(
        created.map(({ id }) => ({ caseId: id, authorStaffId: 'staff-1', text: 'Kundin Erika M., +49 170 1234567' })),
      );

    expect(await runIfDue(db, retentionJob(db, silent), now)).toBe(true);

    const left = await db.select().from(cases);
    expect(left.map((row) => row.sourceId).sort()).toEqual([kept!.id, oldReport!.id, newReport!.id].sort());
    const notes = await db.select().from(caseNotes);
    expect(notes.map((note) => note.caseId).sort()).toEqual([created[1]!.id, created[3]!.id].sort());
    const bikeCase = (sourceId: string) => left.find((row) => row.sourceId === sourceId);
    expect(bikeCase(oldReport!.id)).toMatchObject({ state: 'done', outcomeText: null });
    expect(bikeCase(newReport!.id)).toMatchObject({ outcomeText: 'Frau Mustermann angerufen' });
  });

  it("deletes a deleted account's kept books the day after their retention ends in Berlin, not before", async () => {
    database = await createTestDatabase(backend);
    const { db } = database.handle;
    const keep = (customerId: string, retainUntil: string) => ({
      customerId,
      customerNumber: '1000',
      name: 'Erika Mustermann',
      addressText: 'Unter den Linden 1 10117 Berlin',
      email: 'erika@example.org',
      deletedAt: ago(10 * 365 * day),
      retainUntil,
    });
    const ended = await insertCustomer(db, 'deleted-1@deleted.invalid');
    const lastDay = await insertCustomer(db, 'deleted-2@deleted.invalid');
    // 2026-06-01T12:00Z is 14:00 on 1 June in Berlin: 31 May has passed, 1 June has not.
    await db.insert(retainedCustomerRecords).values([keep(ended, '2026-05-31'), keep(lastDay, '2026-06-01')]);
    for (const customerId of [ended, lastDay]) {
      await db
        .insert(creditLedger)
        .values({ customerId, kind: 'top_up', amountCents: 1000, createdAt: ago(3650 * day) });
      const [entry] = await db
        .insert(creditLedger)
        .values({ customerId, kind: 'goodwill', amountCents: 500, createdAt: ago(3650 * day) })
        .returning({ id: creditLedger.id });
      await db.insert(moneyRequests).values({
        kind: 'goodwill',
        customerId,
        amountCents: 500,
        reason: 'Kulanz',
        state: 'booked',
        requestedByStaffId: 'staff-1',
        ledgerEntryId: entry!.id,
      });
      await db.insert(cancellations).values({
        reference: `K-${customerId.slice(0, 6)}`,
        receivedAt: ago(3650 * day),
        kind: 'ordinary',
        name: 'Erika Mustermann',
        identifier: 'erika@example.org',
        contractLabel: 'Basis',
        confirmationEmail: 'erika@example.org',
        locale: 'de',
        customerId,
      });
      // A withdrawal's payout, with its case (docs/rules/back-office.md#case-queues).
      const [booked] = await db
        .insert(creditLedger)
        .values({ customerId, kind: 'payout', amountCents: -1500, createdAt: ago(3650 * day) })
        .returning({ id: creditLedger.id });
      const [payout] = await db
        .insert(payouts)
        .values({
          customerId,
          ledgerEntryId: booked!.id,
          amountCents: 1500,
          reference: `W-${customerId.slice(0, 6)}`,
          dueBy: '2016-06-15',
          state: 'paid',
          paidAt: ago(3640 * day),
          createdAt: ago(3650 * day),
        })
        .returning();
      await db.insert(cases).values({
        kind: 'payout',
        sourceId: payout!.id,
        occurredAt: payout!.createdAt,
        state: 'done',
        outcome: 'paid',
        outcomeText: 'E2E-4711',
      });
    }

    await retentionJob(db, silent).run(now);

    const left = async (table: typeof creditLedger | typeof moneyRequests | typeof cancellations | typeof payouts) => [
      ...new Set((await db.select({ customerId: table.customerId }).from(table)).map((row) => row.customerId)),
    ];
    expect((await db.select().from(customers)).map((row) => row.id)).toEqual([lastDay]);
    expect((await db.select().from(retainedCustomerRecords)).map((row) => row.customerId)).toEqual([lastDay]);
    expect(await left(creditLedger)).toEqual([lastDay]);
    expect(await left(moneyRequests)).toEqual([lastDay]);
    expect(await left(cancellations)).toEqual([lastDay]);
    expect(await left(payouts)).toEqual([lastDay]);
    const [keptPayout] = await db.select().from(payouts);
    expect((await db.select().from(cases)).map((row) => [row.kind, row.sourceId])).toEqual([
      ['payout', keptPayout!.id],
    ]);
  });

  it('moves the end of identities kept for 10 years to 8 years after the deletion day in Berlin (migration 0017)', async () => {
    database = await createTestDatabase(backend);
    const { db } = database.handle;
    const kept = async (deletedAt: string, retainUntil: string) => {
      const customerId = await insertCustomer(db, `deleted-${retainUntil}@deleted.invalid`);
      await db.insert(retainedCustomerRecords).values({
        customerId,
        customerNumber: '1000',
        name: 'Erika Mustermann',
        addressText: 'Unter den Linden 1 10117 Berlin',
        email: 'erika@example.org',
        deletedAt: new Date(deletedAt),
        retainUntil,
      });
      return customerId;
    };
    // 23:30 UTC on 9 June is 10 June in Berlin; a deletion on 29 February is kept until 28 February, as the app counts.
    const late = await kept('2026-06-09T23:30:00Z', '2036-06-10');
    const leap = await kept('2028-02-29T10:00:00Z', '2038-02-28');
    const already = await kept('2026-01-15T10:00:00Z', '2034-01-15');
    const migration = readFileSync(
      new URL('../../db/migrations/0017_books_kept_eight_years.sql', import.meta.url),
      'utf8',
    );

    await db.execute(sql.raw(migration));

    const until = async (customerId: string) =>
      (await db.select().from(retainedCustomerRecords).where(eq(retainedCustomerRecords.customerId, customerId)))[0]!
        .retainUntil;
    expect(await until(late)).toBe('2034-06-10');
    expect(await until(leap)).toBe('2036-02-28');
    expect(await until(already)).toBe('2034-01-15');
  });

  it('runs the job once when several instances find it due at the same moment', async () => {
    database = await createTestDatabase(backend);
    const second = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 2 }) : database.handle;
    try {
      let runs = 0;
      const instance = (db: Database) => {
        const job = retentionJob(db, silent);
        return runIfDue(db, { ...job, run: async (at) => void (runs++, await job.run(at)) }, now);
      };
      const ran = await Promise.all([
        instance(database.handle.db),
        instance(second.db),
        instance(database.handle.db),
        instance(second.db),
      ]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(runs).toBe(1);
    } finally {
      if (second !== database.handle) await second.close();
    }
  });
});

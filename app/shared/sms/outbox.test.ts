import { eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '~/db/client.server';
import { smsOutbox as smsOutboxTable } from '~/db/schema';
import { deliverDue, type RoundOptions } from '~/shared/outbox/delivery.server';
import { startOutboxWorker } from '~/shared/outbox/worker.server';
import type { SmsGateway } from '~/platform/sms/gateway';
import { httpSmsGateway } from '~/platform/sms/http-gateway.server';
import { startSmsGateway } from '../../../tests/support/sms-gateway';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { enqueueSms, smsDelivery, smsOutbox } from './outbox.server';

/** One round of the worker (`deliverDue` with the SMS delivery); the number of messages sent. */
async function round(db: Database, gateway: SmsGateway, options?: RoundOptions): Promise<number> {
  return (await deliverDue(db, smsDelivery(gateway), options)).sent;
}

describe.each(databaseBackends)('SMS outbox on %s', (backend) => {
  let database: TestDatabase | undefined;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>> | undefined;
  // The first database of a run migrates a template (seconds on a busy machine); later ones clone it.
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await gateway?.close();
    await database?.dispose();
  });

  it('delivers queued SMS through the gateway once and blanks the code it held', async () => {
    database = await createTestDatabase(backend);
    gateway = await startSmsGateway();
    const sms = httpSmsGateway({ url: gateway.url, key: 'k' });
    await enqueueSms(database.handle.db, { to: '+4915123456789', text: '123456 ist dein Code' });
    expect(await round(database.handle.db, sms)).toBe(1);
    expect(await round(database.handle.db, sms)).toBe(0);
    expect(gateway.received.map((request) => request.body)).toEqual([
      { to: '+4915123456789', text: '123456 ist dein Code' },
    ]);
    const [row] = await database.handle.db.select().from(smsOutboxTable);
    expect(row).toMatchObject({ attempts: 1, lastError: null, text: '', recipient: '+4915123456789' });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps SMS while the gateway fails, retries with backoff, and gives up on stale ones', async () => {
    database = await createTestDatabase(backend);
    let status = 500;
    gateway = await startSmsGateway(() => status);
    const sms = httpSmsGateway({ url: gateway.url });
    const db = database.handle.db;
    await enqueueSms(db, { to: '+4915123456789', text: 'one' });
    expect(await round(db, sms)).toBe(0);
    const [waiting] = await db.select().from(smsOutboxTable).where(isNull(smsOutboxTable.sentAt));
    expect(waiting).toMatchObject({ attempts: 1, lastError: 'SMS gateway answered 500' });

    // Not again before the backoff is over.
    expect(await round(db, sms)).toBe(0);
    expect(gateway.received).toHaveLength(1);
    expect(smsOutbox.retryDelayMs(1)).toBe(10_000);
    expect(smsOutbox.retryDelayMs(2)).toBe(20_000);
    expect(smsOutbox.retryDelayMs(20)).toBe(5 * 60_000);

    status = 202;
    const later = () => new Date(Date.now() + smsOutbox.retryDelayMs(1) + 1000);
    expect(await round(db, sms, { now: later })).toBe(1);
    expect(gateway.received).toHaveLength(2);

    // A message older than the maximum age is not sent any more: its code would be expired. It
    // fails, and its code is blanked.
    const [inserted] = await db
      .insert(smsOutboxTable)
      .values({
        recipient: '+4915123456789',
        text: 'stale',
        createdAt: new Date(Date.now() - smsOutbox.maxAgeMs! - 1000),
        nextAttemptAt: new Date(Date.now() - 1000),
      })
      .returning({ id: smsOutboxTable.id });
    expect(await round(db, sms)).toBe(0);
    const [stale] = await db.select().from(smsOutboxTable).where(eq(smsOutboxTable.id, inserted!.id));
    expect(stale).toMatchObject({ sentAt: null, text: '' });
    expect(stale?.failedAt).toBeInstanceOf(Date);
    expect(gateway.received).toHaveLength(2);
  });

  it('has a worker that drains the outbox while it runs', async () => {
    database = await createTestDatabase(backend);
    gateway = await startSmsGateway();
    const db = database.handle.db;
    const logger = { info: () => {}, warn: () => {} };
    await enqueueSms(db, { to: '+4915123456789', text: 'queued before the start' });
    const stop = startOutboxWorker(db, smsDelivery(httpSmsGateway({ url: gateway.url })), logger, { intervalMs: 20 });
    await enqueueSms(db, { to: '+4915123456789', text: 'queued while running' });
    await expect.poll(() => gateway!.received.length, { timeout: 10_000 }).toBe(2);
    await stop();
    expect((await db.select().from(smsOutboxTable).where(isNull(smsOutboxTable.sentAt))).length).toBe(0);
  });

  if (backend === 'postgres') {
    it('sends each SMS once when two workers drain at the same time', async () => {
      database = await createTestDatabase('postgres');
      gateway = await startSmsGateway();
      const second = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
      const sms = httpSmsGateway({ url: gateway.url });
      try {
        for (let i = 0; i < 20; i++) await enqueueSms(database.handle.db, { to: `+49151000000${i}`, text: `${i}` });
        const counts = await Promise.all([
          round(database.handle.db, sms, { batchSize: 5 }),
          round(second.db, sms, { batchSize: 5 }),
          round(database.handle.db, sms, { batchSize: 5 }),
          round(second.db, sms, { batchSize: 5 }),
        ]);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
        expect(gateway.received).toHaveLength(20);
      } finally {
        await second.close();
      }
    });
  }
});

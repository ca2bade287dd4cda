import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/db/client.server';
import { smsOutbox } from '~/db/schema';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { SmsGatewayError } from './gateway';
import { httpSmsGateway } from './http-gateway.server';
import { startOutboxWorker } from '~/platform/outbox/worker.server';
import { drainSmsOutbox, enqueueSms, smsMaxAgeMs, smsOutboxDefinition, smsRetryDelayMs } from './outbox.server';
import { smsGatewayFromEnv } from './select-gateway.server';

interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/**
 * A local HTTP server playing the SMS gateway: it records every request and answers with the
 * status `respond` gives (or never answers, for `'hang'`).
 */
async function startGateway(respond: () => number | 'hang' = () => 202) {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw || 'null'),
      });
      const status = respond();
      if (status === 'hang') return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ id: received.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/sms`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('HTTP SMS gateway', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });

  it('posts {to, text} as JSON with the bearer key', async () => {
    gateway = await startGateway();
    await httpSmsGateway({ url: gateway.url, key: 'sms-key-123' }).send({ to: '+4915123456789', text: 'Hallo' });
    expect(gateway.received).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/sms',
        body: { to: '+4915123456789', text: 'Hallo' },
        headers: expect.objectContaining({ authorization: 'Bearer sms-key-123', 'content-type': 'application/json' }),
      }),
    ]);
  });

  it('throws on an error status, on no answer in time and when nobody listens', async () => {
    gateway = await startGateway(() => 503);
    const refused = httpSmsGateway({ url: gateway.url }).send({ to: '+49151', text: 'x' });
    await expect(refused).rejects.toThrow(new SmsGatewayError('SMS gateway answered 503', 503));
    await gateway.close();

    gateway = await startGateway(() => 'hang');
    await expect(
      httpSmsGateway({ url: gateway.url, timeoutMs: 200 }).send({ to: '+49151', text: 'x' }),
    ).rejects.toThrow(/did not answer within 200 ms/);
    const { url } = gateway;
    await gateway.close();
    gateway = undefined;
    await expect(httpSmsGateway({ url }).send({ to: '+49151', text: 'x' })).rejects.toThrow(/unreachable/);
  });

  it('is configured by SMS_GATEWAY_URL; without it there is none (messages stay in the outbox)', () => {
    expect(smsGatewayFromEnv({})).toBeNull();
    expect(smsGatewayFromEnv({ SMS_GATEWAY_URL: 'https://sms.example.com/send' })?.name).toBe('http');
  });
});

describe.each(databaseBackends)('SMS outbox on %s', (backend) => {
  let database: TestDatabase | undefined;
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
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
    gateway = await startGateway();
    const sms = httpSmsGateway({ url: gateway.url, key: 'k' });
    await enqueueSms(database.handle.db, { to: '+4915123456789', text: '123456 ist dein Code' });
    expect(await drainSmsOutbox(database.handle.db, sms)).toBe(1);
    expect(await drainSmsOutbox(database.handle.db, sms)).toBe(0);
    expect(gateway.received.map((request) => request.body)).toEqual([
      { to: '+4915123456789', text: '123456 ist dein Code' },
    ]);
    const [row] = await database.handle.db.select().from(smsOutbox);
    expect(row).toMatchObject({ attempts: 1, lastError: null, text: '', recipient: '+4915123456789' });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps SMS while the gateway fails, retries with backoff, and gives up on stale ones', async () => {
    database = await createTestDatabase(backend);
    let status = 500;
    gateway = await startGateway(() => status);
    const sms = httpSmsGateway({ url: gateway.url });
    const db = database.handle.db;
    await enqueueSms(db, { to: '+4915123456789', text: 'one' });
    expect(await drainSmsOutbox(db, sms)).toBe(0);
    const [waiting] = await db.select().from(smsOutbox).where(isNull(smsOutbox.sentAt));
    expect(waiting).toMatchObject({ attempts: 1, lastError: 'SMS gateway answered 500' });

    // Not again before the backoff is over.
    expect(await drainSmsOutbox(db, sms)).toBe(0);
    expect(gateway.received).toHaveLength(1);
    expect(smsRetryDelayMs(1)).toBe(10_000);
    expect(smsRetryDelayMs(2)).toBe(20_000);
    expect(smsRetryDelayMs(20)).toBe(5 * 60_000);

    status = 202;
    const later = () => new Date(Date.now() + smsRetryDelayMs(1) + 1000);
    expect(await drainSmsOutbox(db, sms, { now: later })).toBe(1);
    expect(gateway.received).toHaveLength(2);

    // A message older than the maximum age is not sent any more: its code would be expired. It
    // fails, and its code is blanked.
    const [inserted] = await db
      .insert(smsOutbox)
      .values({
        recipient: '+4915123456789',
        text: 'stale',
        createdAt: new Date(Date.now() - smsMaxAgeMs - 1000),
        nextAttemptAt: new Date(Date.now() - 1000),
      })
      .returning({ id: smsOutbox.id });
    expect(await drainSmsOutbox(db, sms)).toBe(0);
    const [stale] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, inserted!.id));
    expect(stale).toMatchObject({ sentAt: null, text: '' });
    expect(stale?.failedAt).toBeInstanceOf(Date);
    expect(gateway.received).toHaveLength(2);
  });

  it('has a worker that drains the outbox while it runs', async () => {
    database = await createTestDatabase(backend);
    gateway = await startGateway();
    const db = database.handle.db;
    const logger = { info: () => {}, warn: () => {} };
    await enqueueSms(db, { to: '+4915123456789', text: 'queued before the start' });
    const stop = startOutboxWorker(db, smsOutboxDefinition(httpSmsGateway({ url: gateway.url })), logger, {
      noun: 'sms',
      intervalMs: 20,
    });
    await enqueueSms(db, { to: '+4915123456789', text: 'queued while running' });
    await expect.poll(() => gateway!.received.length, { timeout: 10_000 }).toBe(2);
    await stop();
    expect((await db.select().from(smsOutbox).where(isNull(smsOutbox.sentAt))).length).toBe(0);
  });

  if (backend === 'postgres') {
    it('sends each SMS once when two workers drain at the same time', async () => {
      database = await createTestDatabase('postgres');
      gateway = await startGateway();
      const second = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
      const sms = httpSmsGateway({ url: gateway.url });
      try {
        for (let i = 0; i < 20; i++) await enqueueSms(database.handle.db, { to: `+49151000000${i}`, text: `${i}` });
        const counts = await Promise.all([
          drainSmsOutbox(database.handle.db, sms, { batchSize: 5 }),
          drainSmsOutbox(second.db, sms, { batchSize: 5 }),
          drainSmsOutbox(database.handle.db, sms, { batchSize: 5 }),
          drainSmsOutbox(second.db, sms, { batchSize: 5 }),
        ]);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
        expect(gateway.received).toHaveLength(20);
      } finally {
        await second.close();
      }
    });
  }
});

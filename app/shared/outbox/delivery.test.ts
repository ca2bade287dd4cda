import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brandProfiles } from '~/config/brand';
import { outbox } from '~/db/schema';
import { enqueueMail, mailDelivery } from '~/shared/mail/outbox.server';
import { renderMail } from '~/shared/mail/templates';
import type { MailTransport } from '~/platform/mail/transport.server';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import type { Database } from '~/db/client.server';
import { deliverDue, type Unsettled } from './delivery.server';

const mail = (url: string) => renderMail({ kind: 'reset-password', url }, 'de', brandProfiles.cab);
const leaseMs = 60_000;

describe.each(databaseBackends)('outbox claims on %s', (backend) => {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await database?.dispose();
  });

  it('stops a round that outlasts its lease, and leaves the rows another instance took over to it', async () => {
    database = await createTestDatabase(backend);
    const { db } = database.handle;
    await enqueueMail(db, 'erika@example.org', mail('https://x.example/1'));
    await enqueueMail(db, 'max@example.org', mail('https://x.example/2'));
    let clock = Date.now() + 1000;
    const sentBy: string[] = [];
    const transport = (instance: string, during?: () => Promise<void>): MailTransport => ({
      async send(message) {
        sentBy.push(`${instance}:${String(message.to)}`);
        await during?.();
      },
      close() {},
    });
    // Instance A's first send takes longer than its lease; meanwhile instance B finds both rows due.
    const roundB = () =>
      deliverDue(db, mailDelivery(transport('B'), 'from@example.com'), { leaseMs, now: () => new Date(clock) });
    let tookOver: Promise<unknown> | undefined;
    const slowFirstSend = async () => {
      if (tookOver) return;
      clock += leaseMs + 1000;
      tookOver = roundB();
      await tookOver;
    };
    const roundA = await deliverDue(db, mailDelivery(transport('A', slowFirstSend), 'from@example.com'), {
      leaseMs,
      now: () => new Date(clock),
    });

    expect(roundA.sent).toBe(1);
    // A sent only the mail it had begun; the second went out once, from B, and A left B's record alone.
    expect(sentBy.filter((entry) => entry.endsWith('max@example.org'))).toEqual(['B:max@example.org']);
    const rows = await db.select().from(outbox);
    for (const row of rows) {
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.claimedUntil).toBeNull();
    }
    // A's lapsed claim and B's both count: giving back its claim never took away B's attempt.
    expect(rows.find((row) => row.recipient === 'max@example.org')?.attempts).toBe(2);
  });

  it('records what a database failure kept it from recording in the next round, without waiting for the lease', async () => {
    database = await createTestDatabase(backend);
    const { db } = database.handle;
    for (const recipient of ['a@example.org', 'b@example.org', 'c@example.org']) {
      await enqueueMail(db, recipient, mail('https://x.example/1'));
    }
    let databaseDown = false;
    // The database as the round sees it: its writes fail while it is down.
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'update' && databaseDown) throw new Error('connection terminated');
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Database;
    const sent: string[] = [];
    const box = mailDelivery(
      {
        async send(message) {
          sent.push(String(message.to));
          databaseDown = true;
        },
        close() {},
      },
      'from@example.com',
    );
    const unsettled: Unsettled[] = [];

    await expect(deliverDue(flaky, box, { unsettled })).rejects.toThrow('connection terminated');
    expect(unsettled.length).toBeGreaterThan(0);
    databaseDown = false;
    const sendAndHeal = box.deliver;
    box.deliver = async (row) => {
      await sendAndHeal(row);
      databaseDown = false;
    };
    expect(await deliverDue(flaky, box, { unsettled })).toEqual({ sent: 2, failed: 0 });
    expect(unsettled).toEqual([]);
    expect([...sent].sort()).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
    for (const row of await db.select().from(outbox)) expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('fails a mail whose sender died on its last attempt instead of sending it again and again', async () => {
    database = await createTestDatabase(backend);
    const { db } = database.handle;
    await enqueueMail(db, 'erika@example.org', mail('https://x.example/1'));
    const box = mailDelivery(
      {
        async send() {
          throw new Error('must not be sent again');
        },
        close() {},
      },
      'from@example.com',
    );
    const now = Date.now();
    await db
      .update(outbox)
      .set({ attempts: box.maxAttempts, claimedUntil: new Date(now - 1000) })
      .where(eq(outbox.recipient, 'erika@example.org'));

    expect(await deliverDue(db, box, { now: () => new Date(now) })).toEqual({ sent: 0, failed: 0 });
    const [row] = await db.select().from(outbox);
    expect(row?.failedAt).toBeInstanceOf(Date);
    expect(row?.sentAt).toBeNull();
  });
});

import { eq, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brandProfiles } from '~/config/brand';
import { outbox } from '~/db/schema';
import { openDatabase, type Database } from '~/db/client.server';
import { MailServerUnreachableError, smtpTransport, type MailTransport } from '~/platform/mail/transport.server';
import { backlogOf, deliverDue, retryFailed, type RoundOptions } from '~/shared/outbox/delivery.server';
import { freePort } from '../../../tests/support/free-port';
import { startSmtpServer } from '../../../tests/support/smtp-server';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { enqueueMail, mailDelivery, mailOutbox } from './outbox.server';
import { renderMail } from './templates';

const from = 'Kundenservice <kundenservice@example.com>';
/** One round of the worker (`deliverDue` with the SMTP delivery); the number of mails sent. */
async function round(db: Database, transport: MailTransport, options?: RoundOptions): Promise<number> {
  return (await deliverDue(db, mailDelivery(transport, from), options)).sent;
}

const mail = (url: string) => renderMail({ kind: 'reset-password', url }, 'de', brandProfiles.cab);

describe.each(databaseBackends)('mail outbox on %s', (backend) => {
  let database: TestDatabase | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  // The first database of a run migrates a template (seconds on a busy machine); later ones clone it.
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await smtp?.close();
    await database?.dispose();
  });

  it('delivers queued mails over SMTP once, as text and HTML, and keeps no body once sent', async () => {
    database = await createTestDatabase(backend);
    smtp = await startSmtpServer();
    const transport = smtpTransport(smtp.url);
    await enqueueMail(
      database.handle.db,
      'erika@example.org',
      mail('https://kunden.example.com/de/passwort-setzen?token=abc'),
    );
    expect(await round(database.handle.db, transport)).toBe(1);
    expect(await round(database.handle.db, transport)).toBe(0);
    transport.close();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['erika@example.org']);
    expect(smtp.received[0]?.raw).toContain('Subject: =?UTF-8?');
    expect(smtp.received[0]?.raw).toContain('text/html');
    expect(smtp.received[0]?.raw).toContain('kunden.example.com/de/passwort-setzen?token=3Dabc');
    const [sent] = await database.handle.db.select().from(outbox);
    expect(sent).toMatchObject({ recipient: 'erika@example.org', kind: 'reset-password', text: '', html: '' });
    expect(sent?.subject).not.toBe('');
    expect(sent?.sentAt).toBeInstanceOf(Date);
  });

  it('holds no transaction while the SMTP server keeps it waiting', async () => {
    database = await createTestDatabase(backend);
    smtp = await startSmtpServer();
    smtp.hold();
    const { db } = database.handle;
    const transport = smtpTransport(smtp.url);
    await enqueueMail(db, 'erika@example.org', mail('https://x.example/1'));
    const pending = round(db, transport);
    await expect.poll(() => smtp!.heldCount, { timeout: 10_000 }).toBe(1);

    // While the send waits, other writes go through, the mail's own row included: a round that
    // kept a transaction open would block them until the SMTP server answered, and it answers
    // only after them.
    await enqueueMail(db, 'max@example.org', mail('https://x.example/2'));
    const [claimed] = await db.select().from(outbox).where(eq(outbox.recipient, 'erika@example.org'));
    expect(claimed?.claimedUntil).toBeInstanceOf(Date);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from outbox where id = ${claimed!.id} for update nowait`);
    });

    smtp.release();
    expect(await pending).toBe(1);
    transport.close();
    expect(smtp.received.map((received) => received.to[0])).toEqual(['erika@example.org']);
  });

  it('fails a mail after its last attempt, shows it as failed, and sends it once when retried', async () => {
    database = await createTestDatabase(backend);
    smtp = await startSmtpServer();
    smtp.refuse();
    const { db } = database.handle;
    const transport = smtpTransport(smtp.url);
    await enqueueMail(db, 'erika@example.org', mail('https://x.example/1'));
    let clock = Date.now();
    const now = () => new Date(clock);
    for (let attempt = 1; attempt <= mailOutbox.maxAttempts; attempt++) {
      expect(await round(db, transport, { now })).toBe(0);
      clock += mailOutbox.retryDelayMs(attempt) + 1000;
    }
    const [failed] = await db.select().from(outbox);
    expect(failed).toMatchObject({ attempts: mailOutbox.maxAttempts, sentAt: null });
    expect(failed?.failedAt).toBeInstanceOf(Date);
    expect(failed?.text).toContain('https://x.example/1');
    expect(await backlogOf(db, outbox)).toMatchObject({ pending: 0, failed: 1 });
    // No further attempts on its own.
    expect(await round(db, transport, { now: () => new Date(clock + 86_400_000) })).toBe(0);

    smtp.refuse(false);
    expect(await retryFailed(db, outbox, failed!.id)).toBe(1);
    expect(await round(db, transport)).toBe(1);
    expect(await round(db, transport)).toBe(0);
    expect(await retryFailed(db, outbox)).toBe(0);
    transport.close();
    expect(smtp.received).toHaveLength(1);
    expect(await backlogOf(db, outbox)).toMatchObject({ pending: 0, failed: 0 });
  });

  it('keeps mails while the SMTP server refuses them and sends them when it is back', async () => {
    database = await createTestDatabase(backend);
    smtp = await startSmtpServer();
    smtp.refuse();
    const transport = smtpTransport(smtp.url);
    await enqueueMail(database.handle.db, 'erika@example.org', mail('https://x.example/1'));
    expect(await round(database.handle.db, transport)).toBe(0);
    const [waiting] = await database.handle.db.select().from(outbox).where(isNull(outbox.sentAt));
    expect(waiting).toMatchObject({ attempts: 1 });
    expect(waiting?.lastError).toMatch(/451/);
    smtp.refuse(false);
    const later = () => new Date(Date.now() + mailOutbox.retryDelayMs(1) + 1000);
    expect(await round(database.handle.db, transport, { now: later })).toBe(1);
    transport.close();
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps mails in place, attempts uncounted, while no SMTP server answers, and sends them once one does', async () => {
    database = await createTestDatabase(backend);
    const port = await freePort();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    await enqueueMail(database.handle.db, 'erika@example.org', mail('https://x.example/1'));
    await enqueueMail(database.handle.db, 'max@example.org', mail('https://x.example/2'));
    await expect(round(database.handle.db, transport)).rejects.toThrow(MailServerUnreachableError);
    const waiting = await database.handle.db.select().from(outbox).orderBy(outbox.recipient);
    expect(waiting.map(({ attempts, sentAt }) => ({ attempts, sentAt }))).toEqual([
      { attempts: 0, sentAt: null },
      { attempts: 0, sentAt: null },
    ]);
    expect(waiting[0]?.lastError).toMatch(/mail server unreachable/);

    smtp = await startSmtpServer({ port });
    // The next round, not a backoff later.
    expect(await round(database.handle.db, transport)).toBe(2);
    transport.close();
    expect(smtp.received.map((received) => received.to[0]).sort()).toEqual(['erika@example.org', 'max@example.org']);
  });

  if (backend === 'postgres') {
    it('sends each mail once when two workers drain at the same time', async () => {
      database = await createTestDatabase('postgres');
      smtp = await startSmtpServer();
      const second = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
      const transport = smtpTransport(smtp.url);
      try {
        for (let i = 0; i < 30; i++)
          await enqueueMail(database.handle.db, `c${i}@example.org`, mail(`https://x.example/${i}`));
        const counts = await Promise.all([
          round(database.handle.db, transport, { batchSize: 10 }),
          round(second.db, transport, { batchSize: 10 }),
          round(database.handle.db, transport, { batchSize: 10 }),
          round(second.db, transport, { batchSize: 10 }),
        ]);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
        expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(30);
        expect(smtp.received).toHaveLength(30);
      } finally {
        transport.close();
        await second.close();
      }
    });
  }
});

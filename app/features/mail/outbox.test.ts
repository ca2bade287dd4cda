import { isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { brandProfiles } from '~/config/brand';
import { outbox } from '~/db/schema';
import { openDatabase } from '~/db/client.server';
import { MailServerUnreachableError, smtpTransport } from '~/platform/mail/transport.server';
import { freePort } from '../../../tests/support/free-port';
import { startSmtpServer } from '../../../tests/support/smtp-server';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { drainOutbox, enqueueMail, retryDelayMs } from './outbox.server';
import { renderMail } from './templates';

const from = 'Kundenservice <kundenservice@example.com>';
const mail = (url: string) => renderMail({ kind: 'reset-password', url }, 'de', brandProfiles.cab);

describe.each(databaseBackends)('mail outbox on %s', (backend) => {
  let database: TestDatabase | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  afterEach(async () => {
    await smtp?.close();
    await database?.dispose();
  });

  it('delivers queued mails over SMTP once, as text and HTML', async () => {
    database = await createTestDatabase(backend);
    smtp = await startSmtpServer();
    const transport = smtpTransport(smtp.url);
    await enqueueMail(
      database.handle.db,
      'erika@example.org',
      mail('https://kunden.example.com/de/passwort-setzen?token=abc'),
    );
    expect(await drainOutbox(database.handle.db, transport, from)).toBe(1);
    expect(await drainOutbox(database.handle.db, transport, from)).toBe(0);
    transport.close();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['erika@example.org']);
    expect(smtp.received[0]?.raw).toContain('Subject: =?UTF-8?');
    expect(smtp.received[0]?.raw).toContain('text/html');
    expect(smtp.received[0]?.raw).toContain('kunden.example.com/de/passwort-setzen?token=3Dabc');
  });

  it('keeps mails while the SMTP server refuses them and sends them when it is back', async () => {
    database = await createTestDatabase(backend);
    smtp = await startSmtpServer();
    smtp.refuse();
    const transport = smtpTransport(smtp.url);
    await enqueueMail(database.handle.db, 'erika@example.org', mail('https://x.example/1'));
    expect(await drainOutbox(database.handle.db, transport, from)).toBe(0);
    const [waiting] = await database.handle.db.select().from(outbox).where(isNull(outbox.sentAt));
    expect(waiting).toMatchObject({ attempts: 1 });
    expect(waiting?.lastError).toMatch(/451/);
    smtp.refuse(false);
    const later = () => new Date(Date.now() + retryDelayMs(1) + 1000);
    expect(await drainOutbox(database.handle.db, transport, from, { now: later })).toBe(1);
    transport.close();
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps mails in place, attempts uncounted, while no SMTP server answers, and sends them once one does', async () => {
    database = await createTestDatabase(backend);
    const port = await freePort();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    await enqueueMail(database.handle.db, 'erika@example.org', mail('https://x.example/1'));
    await enqueueMail(database.handle.db, 'max@example.org', mail('https://x.example/2'));
    await expect(drainOutbox(database.handle.db, transport, from)).rejects.toThrow(MailServerUnreachableError);
    const waiting = await database.handle.db.select().from(outbox).orderBy(outbox.recipient);
    expect(waiting.map(({ attempts, sentAt }) => ({ attempts, sentAt }))).toEqual([
      { attempts: 0, sentAt: null },
      { attempts: 0, sentAt: null },
    ]);
    expect(waiting[0]?.lastError).toMatch(/mail server unreachable/);

    smtp = await startSmtpServer({ port });
    // The next round, not a backoff later.
    expect(await drainOutbox(database.handle.db, transport, from)).toBe(2);
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
          drainOutbox(database.handle.db, transport, from, { batchSize: 10 }),
          drainOutbox(second.db, transport, from, { batchSize: 10 }),
          drainOutbox(database.handle.db, transport, from, { batchSize: 10 }),
          drainOutbox(second.db, transport, from, { batchSize: 10 }),
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

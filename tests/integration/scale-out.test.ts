import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandProfiles } from '~/config/brand';
import { openDatabase } from '~/db/client.server';
import journal from '~/db/migrations/meta/_journal.json';
import { defaultDemoPassword, demoEmail } from '~/db/seed/demo.server';
import { enqueueMail } from '~/shared/mail/outbox.server';
import { renderMail } from '~/shared/mail/templates';
import { pages } from '~/i18n/route-table';
import { startAppServers, type AppServer } from '../support/app-server';
import { logLines, scaledOutEnv } from '../support/scaled-out';
import { deleteRedisKeys } from '../support/scratch-services.mjs';
import { startSmtpServer } from '../support/smtp-server';
import { createPostgresDatabase } from '../support/test-databases';
import { createVisitor, logIn } from '../support/visitor';

const { TEST_DATABASE_URL, TEST_REDIS_URL } = process.env;

/**
 * What running several instances behind a load balancer relies on (docs/operations.md), checked on
 * two real instances (`node scripts/start.mjs`) on different ports that share one fresh database on
 * the TEST_DATABASE_URL server and one Redis (TEST_REDIS_URL, under a key prefix of their own).
 */
describe.skipIf(!TEST_DATABASE_URL || !TEST_REDIS_URL)(
  'two instances on one PostgreSQL and one Redis (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let a: AppServer;
    let b: AppServer;
    const redisKeyPrefix = `test-scale-out-${randomBytes(6).toString('hex')}:`;

    beforeAll(async () => {
      database = await createPostgresDatabase();
      // Slow enough that one worker's round is still sending when the other worker's round starts.
      smtp = await startSmtpServer({ delayMs: 50 });
      // Started together on an empty database: both migrate and seed at the same moment.
      [a, b] = (await startAppServers(2, {
        ...scaledOutEnv({ databaseUrl: database.url, redisUrl: TEST_REDIS_URL!, redisKeyPrefix }),
        SMTP_URL: smtp.url,
        // The workers' "mails sent" lines are info lines.
        LOG_LEVEL: 'info',
      })) as [AppServer, AppServer];
    }, 240_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await smtp?.close();
      await database?.drop();
      await deleteRedisKeys(TEST_REDIS_URL!, redisKeyPrefix);
    });

    it('migrates once when both instances start together on an empty database', async () => {
      const db = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
      try {
        const applied = await db.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect((applied as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: journal.entries.length });
      } finally {
        await db.close();
      }
      for (const instance of [a, b]) {
        expect((await fetch(`${instance.url}/health`)).status).toBe(200);
        expect(logLines(instance).filter((line) => line.level >= 50)).toEqual([]);
      }
    });

    it('accepts a session made on one instance on the other, and a logout on one ends it on both', async () => {
      const visitor = createVisitor();
      // The form comes from one instance and is posted to the other: the CSRF token travels too.
      const login = await logIn(visitor, {
        formFrom: a.url,
        postTo: b.url,
        email: demoEmail,
        password: defaultDemoPassword,
      });
      expect(login.status).toBe(302);
      expect(login.location).toBe(pages.selfService.de);
      const token = visitor.cookies.get('sid');
      expect(token).toBeTruthy();

      const onA = await visitor.get(a.url + pages.selfService.de);
      expect(onA.status).toBe(200);
      expect(onA.html).toContain('Dana');
      const onB = await visitor.get(b.url + pages.selfService.de);
      expect(onB.status).toBe(200);

      const logout = await visitor.post(`${a.url}/resources/logout`, { locale: 'de' }, onB);
      expect(logout.status).toBe(302);
      expect(visitor.cookies.has('sid')).toBe(false);
      // Someone who kept the cookie finds the session ended on the other instance too.
      for (const instance of [b, a]) {
        const keeper = createVisitor();
        keeper.cookies.set('sid', token!);
        const page = await keeper.get(instance.url + pages.selfService.de);
        expect(page.status).toBe(302);
        expect(page.location).toContain(pages.login.de);
      }
    });

    it('counts failed logins on both instances together', async () => {
      const visitor = createVisitor();
      const email = `nobody-${randomBytes(4).toString('hex')}@example.org`;
      const attempt = (instance: AppServer) =>
        logIn(visitor, { formFrom: instance.url, email, password: 'not the password at all' });
      // Five failures, spread over both instances: only a shared count reaches the limit.
      for (const instance of [a, b, a, b, a]) {
        expect((await attempt(instance)).html).toContain('E-Mail-Adresse oder Passwort stimmen nicht.');
      }
      for (const instance of [b, a]) {
        expect((await attempt(instance)).html).toContain('Zu viele Fehlversuche.');
      }
    });

    it('drains the outbox from the workers of both instances, sending each mail once', async () => {
      const db = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
      const count = 40;
      try {
        for (let i = 0; i < count; i++) {
          const mail = renderMail({ kind: 'reset-password', url: `https://x.example/${i}` }, 'de', brandProfiles.cab);
          await enqueueMail(db.db, `outbox-${i}@example.org`, mail);
        }
      } finally {
        await db.close();
      }
      await expect.poll(() => smtp.received.length, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(count);
      // Another round of both workers: nothing more goes out.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(smtp.received).toHaveLength(count);
      expect(new Set(smtp.received.map((mail) => mail.to[0])).size).toBe(count);

      const sentBy = [a, b].map((instance) =>
        logLines(instance)
          .filter((line) => line.msg === 'mails sent')
          .reduce((sum, line) => sum + Number(line.sent), 0),
      );
      expect(sentBy[0]! + sentBy[1]!).toBe(count);
      expect(sentBy[0]).toBeGreaterThan(0);
      expect(sentBy[1]).toBeGreaterThan(0);
    });
  },
);

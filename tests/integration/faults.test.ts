import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { brandProfiles } from '~/config/brand';
import { openDatabase, type DatabaseHandle } from '~/db/client.server';
import { outbox, sessions } from '~/db/schema';
import { defaultDemoPassword, demoEmail } from '~/db/seed/demo.server';
import { hashToken } from '~/features/accounts/sessions.server';
import { enqueueMail } from '~/shared/mail/outbox.server';
import { renderMail } from '~/shared/mail/templates';
import { pages } from '~/i18n/route-table';
import { startAppServers, type AppServer } from '../support/app-server';
import { freePort } from '../support/free-port';
import {
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from '../support/private-services';
import { logLines, scaledOutEnv } from '../support/scaled-out';
import { startSmtpServer } from '../support/smtp-server';
import { createVisitor, logIn, type VisitedPage } from '../support/visitor';

const { TEST_DATABASE_URL, TEST_REDIS_URL } = process.env;

/** After PostgreSQL is back, how long the instances may still fail requests while their pools reconnect. */
const recoveryBoundMs = 5_000;

/**
 * Outside systems failing under two running instances: PostgreSQL restarted under load, Redis down
 * or frozen, the SMTP server down. The servers here are the test's own (a PostgreSQL cluster made
 * with initdb, a redis-server, an SMTP server), so stopping them disturbs nothing else. They run
 * with the suites that have PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL, as in CI),
 * whose machines have the server binaries.
 */
describe.skipIf(!TEST_DATABASE_URL || !TEST_REDIS_URL)(
  'faults under two instances, on private PostgreSQL and Redis servers (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let postgres: PrivatePostgres;
    let redis: PrivateRedis;
    let smtpPort: number;
    let a: AppServer;
    let b: AppServer;
    let database: DatabaseHandle;

    beforeAll(async () => {
      [postgres, redis, smtpPort] = await Promise.all([startPrivatePostgres(), startPrivateRedis(), freePort()]);
      [a, b] = (await startAppServers(2, {
        ...scaledOutEnv({ databaseUrl: postgres.url, redisUrl: redis.url }),
        // Nothing listens there but the SMTP servers that single tests start on that port.
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // "Redis reachable again" is an info line.
        LOG_LEVEL: 'info',
      })) as [AppServer, AppServer];
      database = await openDatabase({ databaseUrl: postgres.url, poolSize: 2 });
    }, 240_000);

    afterAll(async () => {
      await database?.close();
      await Promise.all([a?.stop(), b?.stop()]);
      await Promise.all([postgres?.dispose(), redis?.dispose()]);
    });

    it('answers 503 for a bounded time while PostgreSQL restarts under load, recovers by itself and keeps every acknowledged write', async () => {
      const outcomes: Outcome[] = [];
      /** Session tokens of the logins that were answered with success: each is a committed write. */
      const acknowledged: string[] = [];
      let loadEndsAt = Number.POSITIVE_INFINITY;
      // Slow enough that the mail workers are in the middle of a round, a transaction open, at the restart.
      const smtp = await startSmtpServer({ port: smtpPort, delayMs: 150 });
      onTestFinished(() => smtp.close());
      const recipients = Array.from({ length: 40 }, (_, i) => `restart-${i}@example.org`);
      for (const recipient of recipients) {
        await enqueueMail(
          database.db,
          recipient,
          renderMail({ kind: 'reset-password', url: 'https://x.example/' }, 'de', brandProfiles.cab),
        );
      }
      const load = driveLoad([a, b], () => loadEndsAt, outcomes, acknowledged);

      await delay(2_000);
      const downAt = Date.now();
      // Abruptly, as a crash or failover would: PostgreSQL recovers from its WAL at the next start.
      await postgres.stop('immediate');
      await delay(3_000);
      await postgres.start();
      const upAt = Date.now();
      loadEndsAt = upAt + recoveryBoundMs + 5_000;
      await load;

      // Queued mails are not lost either: each goes out at least once (a round cut short is sent again).
      const delivered = () =>
        recipients.filter((recipient) => smtp.received.some((mail) => mail.to.includes(recipient)));
      await expect.poll(() => delivered().length, { timeout: 30_000 }).toBe(recipients.length);

      const unanswered = outcomes.filter((outcome) => outcome.error !== undefined);
      expect(unanswered, 'every request got an answer in time').toEqual([]);
      expect(new Set(outcomes.map((outcome) => outcome.status))).toEqual(new Set([200, 302, 503]));
      const failed = outcomes.filter((outcome) => outcome.status === 503);
      for (const outcome of failed) {
        expect(outcome.at).toBeGreaterThanOrEqual(downAt);
        expect(outcome.at).toBeLessThanOrEqual(upAt + recoveryBoundMs);
        if (outcome.html.startsWith('<!DOCTYPE html>')) expect(outcome.html).toContain('Hoppla!');
      }
      const afterRecovery = outcomes.filter((outcome) => outcome.at > upAt + recoveryBoundMs);
      for (const instance of [a, b]) {
        expect(afterRecovery.some((outcome) => outcome.instance === instance.url && outcome.status === 302)).toBe(true);
        expect((await fetch(`${instance.url}/health`)).status).toBe(200);
      }

      expect(acknowledged.length).toBeGreaterThan(0);
      const kept = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(inArray(sessions.idHash, acknowledged.map(hashToken)));
      expect(kept[0]?.n).toBe(acknowledged.length);
    }, 90_000);

    it('with Redis down, limits failed logins per instance with one warning each, and everything else works', async () => {
      // Counted from here: on a busy machine an earlier test's slow answer may have been an outage of its own.
      const warning = 'Redis unreachable: rate limits fall back to this instance';
      const before = new Map([a, b].map((instance) => [instance, messages(instance, warning)]));
      await redis.stop();
      try {
        const email = unknownEmail();
        for (let i = 0; i < 5; i++) expect(await failedLogin(a, email)).toBe('invalid');
        expect(await failedLogin(a, email)).toBe('wait');
        // The other instance counted on its own.
        expect(await failedLogin(b, email)).toBe('invalid');
        for (const instance of [a, b]) {
          expect((await logIn(createVisitor({ timeoutMs: 5_000 }), demoLogin(instance))).status).toBe(302);
          expect((await createVisitor().get(instance.url + pages.priceList.de)).status).toBe(200);
          await expect.poll(() => messages(instance, warning) - before.get(instance)!).toBe(1);
        }
      } finally {
        await redis.start();
      }
      for (const instance of [a, b]) {
        await expect
          .poll(() => messages(instance, 'Redis reachable again: rate limits are shared again'), { timeout: 15_000 })
          .toBe(1);
      }
      const email = unknownEmail();
      for (const instance of [a, b, a, b, a]) expect(await failedLogin(instance, email)).toBe('invalid');
      expect(await failedLogin(b, email)).toBe('wait');
    });

    it('with Redis frozen, answers after one command timeout instead of waiting for it', async () => {
      redis.freeze();
      try {
        const email = unknownEmail();
        // The visitor gives up after 5 s; the command timeout is half a second.
        expect(await failedLogin(a, email)).toBe('invalid');
        expect((await logIn(createVisitor({ timeoutMs: 5_000 }), demoLogin(b))).status).toBe(302);
        await expect.poll(() => messages(a, 'Redis unreachable: rate limits fall back to this instance')).toBe(2);
      } finally {
        redis.thaw();
      }
    });

    it('with the SMTP server down, keeps mails in the outbox and sends them once it is back', async () => {
      const visitor = createVisitor();
      const form = await visitor.get(a.url + pages.passwordResetStart.de);
      const requested = await visitor.post(a.url + pages.passwordResetStart.de, { email: demoEmail }, form);
      expect(requested.location).toBe(`${pages.passwordResetStart.de}?sent=1`);
      const resetMail = () =>
        database.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.recipient, demoEmail), eq(outbox.kind, 'reset-password')));
      // A worker tried, found no server, and left the mail waiting without counting an attempt.
      await expect
        .poll(async () => (await resetMail())[0]?.lastError ?? '', { timeout: 15_000 })
        .toMatch(/mail server unreachable/);
      expect((await resetMail())[0]).toMatchObject({ attempts: 0, sentAt: null });

      const smtp = await startSmtpServer({ port: smtpPort });
      onTestFinished(() => smtp.close());
      const toDemo = () => smtp.received.filter((mail) => mail.to.includes(demoEmail));
      await expect.poll(() => toDemo().length, { timeout: 15_000 }).toBe(1);
      await delay(3_000);
      expect(toDemo()).toHaveLength(1);
      expect((await resetMail())[0]).toMatchObject({ attempts: 1, lastError: null });
    });

    const demoLogin = (instance: AppServer) => ({
      formFrom: instance.url,
      email: demoEmail,
      password: defaultDemoPassword,
    });

    /** One wrong password for `email` on `instance`: refused as wrong, or refused to wait. */
    async function failedLogin(instance: AppServer, email: string): Promise<'invalid' | 'wait' | VisitedPage> {
      const page = await logIn(createVisitor({ timeoutMs: 5_000 }), {
        formFrom: instance.url,
        email,
        password: 'not the password at all',
      });
      if (page.html.includes('E-Mail-Adresse oder Passwort stimmen nicht.')) return 'invalid';
      if (page.html.includes('Zu viele Fehlversuche.')) return 'wait';
      return page;
    }
  },
);

interface Outcome {
  instance: string;
  /** When the answer (or the failure) came. */
  at: number;
  status?: number;
  html: string;
  error?: string;
}

/**
 * Two visitors per instance, each over and over until `endsAt()`: an uncached page (rendered from
 * the database) and a login (a write: the session row). Every answer is recorded; a login answered
 * with its redirect is an acknowledged write.
 */
async function driveLoad(
  instances: AppServer[],
  endsAt: () => number,
  outcomes: Outcome[],
  acknowledged: string[],
): Promise<void> {
  const record = async (instance: AppServer, request: () => Promise<VisitedPage>) => {
    try {
      const page = await request();
      outcomes.push({ instance: instance.url, at: Date.now(), status: page.status, html: page.html });
      return page;
    } catch (error) {
      outcomes.push({ instance: instance.url, at: Date.now(), html: '', error: String(error) });
      return undefined;
    }
  };
  const visit = async (instance: AppServer) => {
    while (Date.now() < endsAt()) {
      const visitor = createVisitor({ timeoutMs: 10_000 });
      // A query string keeps the page out of the page cache.
      await record(instance, () => visitor.get(`${instance.url}${pages.priceList.de}?load=1`));
      // The page's data, as the browser's router asks for it, answers as the page does.
      await record(instance, () => visitor.get(`${instance.url}${pages.priceList.de}.data?load=1`));
      const form = await record(instance, () => visitor.get(instance.url + pages.login.de));
      if (form?.status !== 200) continue;
      const login = await record(instance, () =>
        visitor.post(instance.url + pages.login.de, { email: demoEmail, password: defaultDemoPassword }, form),
      );
      if (login?.status === 302) acknowledged.push(visitor.cookies.get('sid')!);
    }
  };
  await Promise.all(instances.flatMap((instance) => [visit(instance), visit(instance)]));
}

function messages(instance: AppServer, message: string): number {
  return logLines(instance).filter((line) => line.msg === message).length;
}

const unknownEmail = () => `nobody-${randomBytes(4).toString('hex')}@example.org`;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

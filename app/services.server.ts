import type { AppServices } from '~/context';
import type { AppConfig } from '~/config/env.server';
import { devMailboxOpen } from '~/config/local-run';
import { standInsInUse } from '~/config/stand-ins';
import { openDatabase } from '~/db/client.server';
import { outbox, smsOutbox } from '~/db/schema';
import { seedDemoData } from '~/db/seed/demo.server';
import { seedReferenceData } from '~/db/seed/seed.server';
import { createContentStore } from '~/features/content/content-store.server';
import { mailOutbox } from '~/shared/mail/outbox.server';
import { createRedirectStore } from '~/shared/navigation/redirect-store.server';
import { retentionJob } from '~/features/retention/retention-job.server';
import { bundledContent } from '~/platform/content-service/bundled.server';
import { strapiContent } from '~/platform/content-service/strapi.server';
import { createLogger, type Logger } from '~/platform/logger.server';
import { smtpTransport } from '~/platform/mail/transport.server';
import { createMetrics } from '~/platform/metrics/metrics.server';
import { observedRateLimits } from '~/platform/metrics/observed-rate-limits.server';
import { backlogOf } from '~/platform/outbox/delivery.server';
import { startOutboxWorker } from '~/platform/outbox/worker.server';
import { redisRateLimitStore } from '~/platform/rate-limit/redis-store.server';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import { startScheduler } from '~/shared/scheduler/scheduled-jobs.server';
import { smsOutboxDefinition } from '~/platform/sms/outbox.server';
import { smsGatewayFromEnv } from '~/platform/sms/select-gateway.server';

/**
 * Opens everything a process needs, in order: database (migrated, reference data seeded), content
 * (loaded before the first page renders), redirects; then starts the background work: the mail
 * and SMS outbox workers (while SMTP or an SMS gateway is configured) and the retention job.
 * `close()` stops the background work before it closes the connections.
 */
export async function createServices(
  config: AppConfig,
  buildId: string,
  logger: Logger = createLogger(config.env.LOG_LEVEL),
): Promise<AppServices> {
  const database = await openDatabase({
    databaseUrl: config.env.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.env.DATABASE_POOL_SIZE,
    onPoolError: (error) => logger.warn({ err: error }, 'database connection lost; the pool reconnects on demand'),
  });
  await database.migrate();
  await seedReferenceData(database.db);
  const demoLogin = await seedDemoData(database, config);

  const bundled = bundledContent(config.brand);
  const source = config.env.CMS_URL
    ? strapiContent({
        baseUrl: config.env.CMS_URL,
        token: config.env.CMS_TOKEN,
        timeoutMs: config.env.CONTENT_TIMEOUT_MS,
      })
    : bundled;
  const content = createContentStore({
    source,
    fallback: bundled,
    ttlMs: config.env.CONTENT_TTL_SECONDS * 1000,
    logger,
  });
  await content.warm();

  warnAboutStandIns(config, database.kind, logger);

  const redisLimits = config.env.REDIS_URL
    ? redisRateLimitStore(config.env.REDIS_URL, logger, { keyPrefix: config.env.REDIS_KEY_PREFIX })
    : null;
  // Limits are shared from the first request on, unless Redis is down at start (then: a warning).
  await redisLimits?.ready();
  const transport = config.env.SMTP_URL ? smtpTransport(config.env.SMTP_URL) : null;
  const smsGateway = smsGatewayFromEnv(config.env);
  const metrics = createMetrics({
    poolUse: database.poolUse,
    outboxes: [
      { name: 'mail', backlog: () => backlogOf(database.db, outbox) },
      { name: 'sms', backlog: () => backlogOf(database.db, smsOutbox) },
    ],
  });

  const db = database.db;
  const stopBackgroundWork = [
    transport && startOutboxWorker(db, mailOutbox(transport, config.env.MAIL_FROM), logger, { noun: 'mails' }),
    smsGateway && startOutboxWorker(db, smsOutboxDefinition(smsGateway), logger, { noun: 'sms' }),
    startScheduler(db, [retentionJob(db, logger)], logger),
  ];

  return {
    config,
    database,
    content,
    redirects: createRedirectStore(database.db, config.env.CONTENT_TTL_SECONDS * 1000),
    logger,
    buildId,
    metrics,
    rateLimits: observedRateLimits(redisLimits ?? memoryRateLimitStore(), metrics.rateLimitRefused),
    demoLogin,
    mail: {
      transport,
      mailboxEnabled: !transport && devMailboxOpen(config, database.kind),
    },
    async close() {
      // Workers finish the send in progress and hand back the rest of their claim.
      await Promise.all(stopBackgroundWork.map((stop) => stop && stop()));
      transport?.close();
      await redisLimits?.close();
      await database.close();
    },
  };
}

/**
 * Every stand-in in use, in one warning at each start: right on a laptop, most likely a forgotten
 * setting anywhere else (a sandbox top-up raises a balance without moving money; without SMTP no
 * customer gets a mail).
 */
function warnAboutStandIns(config: AppConfig, databaseKind: 'pglite' | 'postgres', logger: Logger): void {
  const standIns = standInsInUse(config.env, databaseKind);
  if (standIns.length === 0) return;
  logger.warn(
    { standIns: standIns.map(({ name, setting }) => ({ name, setting })) },
    `running with stand-ins, not the real services: ${standIns.map(({ name, setting }) => `${name} (${setting} unset)`).join('; ')}`,
  );
}

import { createHmac } from 'node:crypto';
import { mailFromHeader } from '~/config/brand';
import { defaultServiceTeamEmail } from '~/config/bike-reports';
import type { AppServices } from '~/context';
import { assertProductionSecrets, ConfigError, type AppConfig } from '~/config/env.server';
import { devMailboxOpen } from '~/config/local-run';
import { creditorId, payment } from '~/config/payment';
import { standInsInUse } from '~/config/stand-ins';
import { openDatabase, type Database, type DatabaseHandle } from '~/db/client.server';
import { seedDemoData, type DemoLogin } from '~/db/seed/demo.server';
import { seedReferenceData } from '~/db/seed/seed.server';
import type { FeatureContext } from '~/feature-context';
import { caseSweepJob } from '~/features/casework/public.server';
import { createContentStore, type ContentStore } from '~/features/content/content-store.server';
import { asksForDrivingLicence, licenceVerificationJob } from '~/features/driving-licence/public.server';
import { sandboxCheckoutPath } from '~/features/payment/providers.server';
import { retentionJob } from '~/features/retention/retention-job.server';
import { receiveTrips } from '~/features/rides/public.server';
import { createAdmin, enrolmentText, type CreateAdminInput, type StaffEnrolment } from '~/features/staff/public.server';
import { createGeocodingService } from '~/shared/geocoding/geocoding.server';
import { mailDelivery, mailOutbox } from '~/shared/mail/outbox.server';
import { createRedirectStore } from '~/shared/navigation/redirect-store.server';
import { smsDelivery, smsOutbox } from '~/shared/sms/outbox.server';
import { httpBankVerifier } from '~/platform/bank-verification/http.server';
import { sandboxBankVerifier } from '~/platform/bank-verification/sandbox.server';
import { sandboxLicenceVerifier } from '~/platform/licence-verification/sandbox.server';
import { bundledContent } from '~/platform/content-service/bundled.server';
import { strapiContent } from '~/platform/content-service/strapi.server';
import { gazetteerGeocoder } from '~/platform/geocoder/gazetteer.server';
import { nominatimGeocoder } from '~/platform/geocoder/nominatim.server';
import { createLogger, type Logger } from '~/platform/logger.server';
import { smtpTransport } from '~/platform/mail/transport.server';
import { createMetrics } from '~/platform/metrics/metrics.server';
import { observedRateLimits } from '~/platform/metrics/observed-rate-limits.server';
import { backlogOf } from '~/shared/outbox/delivery.server';
import { startOutboxWorker } from '~/shared/outbox/worker.server';
import { httpPaymentProvider } from '~/platform/payment-provider/http.server';
import { sandboxPaymentProvider } from '~/platform/payment-provider/sandbox.server';
import { redisRateLimitStore } from '~/platform/rate-limit/redis-store.server';
import { memoryRateLimitStore, type RateLimitStore } from '~/platform/rate-limit/store';
import { startScheduler } from '~/shared/scheduler/scheduled-jobs.server';
import { httpSmsGateway } from '~/platform/sms/http-gateway.server';

/**
 * The composition root: the one module that builds adapters and services, once per process at
 * start-up, and starts the background work (docs/decisions/0023-composition-root.md). In order:
 * database (migrated, reference data seeded), content (loaded before the first page renders),
 * rate limits, the outside services, then the mail and SMS outbox workers (while SMTP or an SMS
 * gateway is configured) and the retention job. Everything reaches loaders and actions through the
 * router context (`servicesContext`). `close()` stops the background work before it closes the
 * connections.
 */
export async function createServices(
  config: AppConfig,
  buildId: string,
  logger: Logger = createLogger(config.env.LOG_LEVEL),
): Promise<AppServices> {
  assertProductionSecrets(config);
  const database = await openDatabase({
    databaseUrl: config.env.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.env.DATABASE_POOL_SIZE,
    preparedStatements: config.env.DATABASE_PREPARED_STATEMENTS === 'on',
    onPoolError: (error) => logger.warn({ err: error }, 'database connection lost; the pool reconnects on demand'),
  });
  let demoLogin: DemoLogin | null;
  try {
    await migrateReachable(database, config);
    await seedReferenceData(database.db);
    // The demo rides are booked as the fleet system's trips are (docs/rules/rides-and-charges.md).
    demoLogin = await seedDemoData(database, config, {
      bookTrips: (trips, options) => receiveTrips({ db: database.db, config }, trips, options),
    });
  } catch (error) {
    // A start that fails leaves no database open, nor the embedded database's lock in DATA_DIR.
    await database.close().catch(() => {});
    throw error;
  }

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
  warnAboutPlainHttp(config, logger);

  const redisLimits = config.env.REDIS_URL
    ? redisRateLimitStore(config.env.REDIS_URL, logger, {
        keyPrefix: config.env.REDIS_KEY_PREFIX,
        keySecret: config.sessionSecret,
      })
    : null;
  // Limits are shared from the first request on, unless Redis is down at start (then: a warning).
  await redisLimits?.ready();
  const transport = config.env.SMTP_URL ? smtpTransport(config.env.SMTP_URL) : null;
  const smsGateway = config.env.SMS_GATEWAY_URL
    ? httpSmsGateway({ url: config.env.SMS_GATEWAY_URL, key: config.env.SMS_GATEWAY_KEY })
    : null;
  const metrics = createMetrics({
    poolUse: database.poolUse,
    outboxes: [
      { name: 'mail', backlog: () => backlogOf(database.db, mailOutbox.table) },
      { name: 'sms', backlog: () => backlogOf(database.db, smsOutbox.table) },
    ],
    databaseUp: database.ping,
    rateLimitsShared: redisLimits?.shared,
  });
  const mailboxEnabled = !transport && devMailboxOpen(config, database.kind);
  // Queued SMS hold confirmation codes: readable (page and log) only where mails are, and only
  // while no gateway sends them.
  const smsBoxEnabled = !smsGateway && devMailboxOpen(config, database.kind);

  const db = database.db;
  const features = featureContext(config, {
    db,
    logger,
    content,
    rateLimits: observedRateLimits(redisLimits ?? memoryRateLimitStore(), metrics.rateLimitRefused),
    mailboxEnabled,
    smsBoxEnabled,
  });
  const jobs = [retentionJob(db, logger), caseSweepJob(db, logger)];
  // Only car sharing registers driving licences (docs/rules/accounts.md#licence-verification).
  if (asksForDrivingLicence(config.brand)) jobs.push(licenceVerificationJob(features));
  const stopBackgroundWork = [
    transport && startOutboxWorker(db, mailDelivery(transport, mailFromHeader(config.brandProfile.mailSender)), logger),
    smsGateway && startOutboxWorker(db, smsDelivery(smsGateway), logger),
    startScheduler(db, jobs, logger),
  ];

  return {
    ...features,
    logger,
    database,
    buildId,
    metrics,
    demoLogin,
    mail: { transport, mailboxEnabled },
    sms: { gateway: smsGateway, boxEnabled: smsBoxEnabled },
    async close() {
      // Workers finish the send in progress and hand back the rest of their claim.
      await Promise.all(stopBackgroundWork.map((stop) => stop && stop()));
      transport?.close();
      await redisLimits?.close();
      await database.close();
    },
  };
}

/** What the feature context is built from: the parts that need I/O to open, and the mailbox switches. */
export interface FeatureContextParts {
  db: Database;
  logger: Logger;
  content: ContentStore;
  rateLimits: RateLimitStore;
  /** Mail bodies go to the log (laptop mode, config/local-run.ts). */
  mailboxEnabled: boolean;
  /** SMS texts go to the log. */
  smsBoxEnabled: boolean;
}

/** How long the real geocoder may take before the address field hears "unavailable". */
const geocoderTimeoutMs = 3000;

/**
 * The feature context on top of the opened parts: the outside services (the real ones where their
 * URL is set, else the embedded stand-ins), settings resolved once, and the queue callbacks. Also
 * what the route tests' harness builds its services with, so they run on the same adapters.
 */
export function featureContext(config: AppConfig, parts: FeatureContextParts): FeatureContext {
  const { db, logger, content, rateLimits, mailboxEnabled, smsBoxEnabled } = parts;
  const env = config.env;
  // The sandboxes sign with keys of their own, derived from the session secret.
  const sandboxSecret = createHmac('sha256', config.sessionSecret).update('payment-sandboxes').digest('base64url');
  return {
    db,
    config,
    brand: config.brandProfile,
    logger,
    rateLimits,
    content,
    redirects: createRedirectStore(db, env.CONTENT_TTL_SECONDS * 1000),
    geocoding: createGeocodingService({
      geocoder: env.GEOCODER_URL
        ? nominatimGeocoder({ baseUrl: env.GEOCODER_URL, key: env.GEOCODER_KEY, timeoutMs: geocoderTimeoutMs })
        : gazetteerGeocoder(),
      rateLimits,
    }),
    paymentProvider: env.PAYMENT_PROVIDER_URL
      ? httpPaymentProvider({
          baseUrl: env.PAYMENT_PROVIDER_URL,
          key: env.PAYMENT_PROVIDER_KEY,
          timeoutMs: payment.providerTimeoutMs,
        })
      : sandboxPaymentProvider({
          secret: sandboxSecret,
          hostedPagePath: sandboxCheckoutPath,
          sessionMs: payment.sandboxTokenMs,
        }),
    bankVerifier: env.BANK_VERIFICATION_URL
      ? httpBankVerifier({
          baseUrl: env.BANK_VERIFICATION_URL,
          key: env.BANK_VERIFICATION_KEY,
          timeoutMs: payment.providerTimeoutMs,
        })
      : sandboxBankVerifier({ secret: sandboxSecret, tokenMs: payment.sandboxTokenMs }),
    // No licence provider is connected yet: the sandbox decides (platform/licence-verification/sandbox.server.ts).
    licenceVerifier: sandboxLicenceVerifier(),
    creditorId: creditorId(env),
    serviceTeamEmail: env.SERVICE_TEAM_EMAIL ?? defaultServiceTeamEmail[config.brand],
    codeSecret: config.sessionSecret,
    onMailQueued(to, subject, text) {
      // Without SMTP on a laptop, the log is one of the two places to read mails (the other is the
      // development mailbox). With SMTP, bodies (which hold links with tokens) never reach the log.
      if (mailboxEnabled) logger.info({ to, subject, text }, 'mail queued (no SMTP server configured)');
      else logger.info({ subject }, 'mail queued');
    },
    onSmsQueued(to, text) {
      if (smsBoxEnabled) logger.info({ to, text }, 'sms queued (no SMS gateway configured)');
      else logger.info('sms queued');
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
    // `standIn`, not `name`: the logger hides every field called `name` as a person's.
    { standIns: standIns.map(({ name, setting }) => ({ standIn: name, setting })) },
    `running with stand-ins, not the real services: ${standIns.map(({ name, setting }) => `${name} (${setting} unset)`).join('; ')}`,
  );
}

/**
 * The start's first use of PostgreSQL. A server that cannot be reached, or refuses the login or the
 * database, is said in one line that names the setting and the host, never the URL's password
 * (scripts/start.mjs prints a ConfigError's message alone); anything else stays as it was thrown.
 */
async function migrateReachable(database: DatabaseHandle, config: AppConfig): Promise<void> {
  try {
    await database.migrate();
  } catch (error) {
    const url = config.env.DATABASE_URL;
    const reason = url ? unreachableReason(error) : undefined;
    if (!url || !reason) throw error;
    throw new ConfigError(`DATABASE_URL: PostgreSQL at ${new URL(url).host} ${reason}.`);
  }
}

/** Why PostgreSQL could not be used at all, or undefined for any other failure. */
function unreachableReason(error: unknown): string | undefined {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ECONNRESET)$/.test(code)) {
    return `cannot be reached (${code})`;
  }
  // Invalid password or authorisation, an unknown database: PostgreSQL's own words name no secret.
  if (typeof code === 'string' && /^(28|3D)/.test(code) && typeof message === 'string') return `refused: ${message}`;
  if (typeof message === 'string' && /^Connection terminated/.test(message)) return `cannot be reached (${message})`;
  return undefined;
}

/**
 * A public address without TLS: the cookies go without `Secure` and the `__Host-` prefix, and no HSTS
 * header is sent (they follow PUBLIC_URL). Right behind a VPN or on a staging host; anywhere else a
 * forgotten `https:`.
 */
function warnAboutPlainHttp(config: AppConfig, logger: Logger): void {
  if (config.localRun || !config.publicUrl.startsWith('http:')) return;
  logger.warn(
    { publicUrl: config.publicUrl },
    'PUBLIC_URL is not https: cookies are sent without Secure and browsers get no HSTS header',
  );
}

/**
 * The operator's `npm run backoffice:create-admin` (scripts/backoffice-create-admin.mjs): an admin of
 * the back office in the database the configuration names, migrated first, without starting the
 * rest of the services. Returns the enrolment and the text that shows it, once.
 */
export async function createBackOfficeAdmin(
  config: AppConfig,
  input: CreateAdminInput,
): Promise<{ enrolment: StaffEnrolment; text: string }> {
  assertProductionSecrets(config);
  const database = await openDatabase({ databaseUrl: config.env.DATABASE_URL, dataDir: config.dataDir, poolSize: 1 });
  try {
    await database.migrate();
    const enrolment = await createAdmin({ db: database.db, config }, input);
    return { enrolment, text: enrolmentText(enrolment, input.password === undefined) };
  } finally {
    await database.close();
  }
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { trimmedOrUnset, z } from '~/platform/validation';
import { brands, configuredBrandProfile, type BrandProfile } from './brand';
import { demoSeedSettings, devMailboxSettings, isLocalUrl, isLoopbackHost } from './local-run';
import { isValidCreditorId } from './payment';

const optionalUrl = z.optional(z.pipe(trimmedOrUnset(), z.optional(z.url())));

const optionalEmail = z.optional(z.pipe(trimmedOrUnset(), z.optional(z.email())));

/** Every setting, validated once at start-up; the defaults run on a laptop with nothing else installed. */
const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'production'),
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), 3000),
  /** Where the server listens; by default loopback for a local PUBLIC_URL, every interface for any other. */
  HOST: z.optional(z.string().check(z.minLength(1))),
  /** Prometheus metrics (GET /metrics) on this port of HOST; off when unset. Keep it off the public network. */
  METRICS_PORT: z.pipe(
    z.transform((value) => (value === '' ? undefined : value)),
    z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535))),
  ),
  PUBLIC_URL: optionalUrl,
  CLIENT: z._default(z.enum(brands), 'cab'),
  DATA_DIR: z._default(z.string(), './data'),
  DATABASE_URL: optionalUrl,
  /** Connections each instance keeps to DATABASE_URL at most; instances × this must fit the server's limit. */
  DATABASE_POOL_SIZE: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10),
  /**
   * `off` sends the hot queries unnamed (app/db/prepared.server.ts): needed behind a pooler that shares one server
   * session among several connections, such as PgBouncer's transaction pooling without `max_prepared_statements`.
   */
  DATABASE_PREPARED_STATEMENTS: z._default(z.enum(['on', 'off']), 'on'),
  REDIS_URL: optionalUrl,
  /** Put before every Redis key: deployments that share one Redis (brands, staging) keep their counts apart. */
  REDIS_KEY_PREFIX: z._default(z.string(), ''),
  SMTP_URL: optionalUrl,
  /** The mails' sender; each defaults to the brand profile's (app/config/brand.ts). */
  MAIL_FROM_NAME: z.optional(
    z.pipe(trimmedOrUnset(), z.optional(z.string().check(z.maxLength(100), z.regex(/^[^\r\n"<>]*$/, 'a plain name')))),
  ),
  MAIL_FROM_ADDRESS: optionalEmail,
  /** Receives a copy of every bike report; a placeholder per brand when unset (config/bike-reports.ts). */
  SERVICE_TEAM_EMAIL: optionalEmail,
  /** HTTP SMS gateway (POST JSON {to, text}); without it SMS stay in the sms_outbox table. */
  SMS_GATEWAY_URL: optionalUrl,
  SMS_GATEWAY_KEY: z.optional(z.string()),
  GEOCODER_URL: optionalUrl,
  GEOCODER_KEY: z.optional(z.string()),
  CMS_URL: optionalUrl,
  CMS_TOKEN: z.optional(z.string()),
  CONTENT_TTL_SECONDS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 60),
  CONTENT_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(100)), 2000),
  SESSION_SECRET: z.optional(z.string().check(z.minLength(32))),
  /**
   * Keys the fleet system's signature of the trips it sends (docs/rules/rides-and-charges.md#trips-in).
   * Several instances must share it, like SESSION_SECRET.
   */
  FLEET_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(32))),
  /**
   * Encrypts the staff's TOTP secrets at rest (AES-256-GCM). Required outside a local run: the
   * development default is public (docs/rules/back-office.md#second-factor).
   */
  STAFF_TOTP_KEY: z.optional(z.string().check(z.minLength(32))),
  PREVIEW_SECRET: z.optional(z.string().check(z.minLength(16))),
  SENTRY_DSN: optionalUrl,
  // Matomo-compatible analytics (brand cab only, only with consent); off unless both are set.
  MATOMO_URL: optionalUrl,
  MATOMO_SITE_ID: z.optional(
    z.pipe(trimmedOrUnset(), z.optional(z.string().check(z.regex(/^\d{1,9}$/, 'a numeric Matomo site id')))),
  ),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  PAGE_CACHE: z._default(z.enum(['on', 'off']), 'on'),
  DEMO_SEED: z.optional(z.enum(demoSeedSettings)),
  DEV_MAILBOX: z.optional(z.enum(devMailboxSettings)),
  /** How many load balancers in front append to X-Forwarded-For (server/client-ip.ts). */
  TRUST_PROXY: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(10)), 0),
  DEMO_PASSWORD: z.optional(z.string()),
  // Payment method and credit (docs/decisions/0008): without the URLs, the embedded sandboxes answer.
  SEPA_CREDITOR_ID: z.optional(
    z.pipe(
      trimmedOrUnset(z.string().check(z.trim(), z.toUpperCase())),
      z.optional(z.string().check(z.refine(isValidCreditorId, 'not a valid SEPA creditor identifier'))),
    ),
  ),
  PAYMENT_PROVIDER_URL: optionalUrl,
  PAYMENT_PROVIDER_KEY: z.optional(z.string()),
  BANK_VERIFICATION_URL: optionalUrl,
  BANK_VERIFICATION_KEY: z.optional(z.string()),
});

export type Env = z.infer<typeof envSchema>;

/** The name of every setting; `.env.example` lists each of them with its default. */
export const settingNames = Object.keys(envSchema.shape) as (keyof Env)[];

export interface AppConfig {
  env: Env;
  port: number;
  host: string;
  publicUrl: string;
  brand: Env['CLIENT'];
  /** The brand's profile with the configured mail sender: what the app shows and sends. */
  brandProfile: BrandProfile;
  dataDir: string;
  sessionSecret: string;
  previewSecret: string;
  /** HMAC key of `X-Fleet-Signature` on `POST /api/fleet/trips` (FLEET_WEBHOOK_SECRET). */
  fleetWebhookSecret: string;
  /** The key the staff's TOTP secrets are encrypted with (STAFF_TOTP_KEY). */
  staffTotpKey: string;
  isProduction: boolean;
  /** PUBLIC_URL is a loopback address and the server listens on loopback only: a local demo run (config/local-run.ts). */
  localRun: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The settings with their defaults, validated; throws a ConfigError naming every invalid one. */
export function parseSettings(source: NodeJS.ProcessEnv): Env {
  // Renamed settings fail loudly: ignoring them would send mail from a sender nobody chose.
  if (source.MAIL_FROM) {
    throw new ConfigError('Invalid configuration: MAIL_FROM is replaced by MAIL_FROM_NAME and MAIL_FROM_ADDRESS');
  }
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseSettings(source);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const host = env.HOST ?? (isLocalUrl(publicUrl) ? '127.0.0.1' : '0.0.0.0');
  // A local PUBLIC_URL alone is no local run: a server without one that listens on every interface
  // (a container started with HOST=0.0.0.0) would show its mailbox to the network.
  const localRun = isLocalUrl(publicUrl) && isLoopbackHost(host);
  if (env.DEV_MAILBOX === 'on' && !localRun) {
    // The mailbox shows every password-reset link and SMS code to whoever opens it.
    throw new ConfigError(
      `DEV_MAILBOX=on would publish every mail and SMS code at ${publicUrl}/dev/mailbox (listening on ${host}): ` +
        'the development mailbox is for a local run only (PUBLIC_URL on localhost, HOST on loopback). ' +
        'Unset DEV_MAILBOX and configure SMTP_URL and SMS_GATEWAY_URL.',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env,
    port: env.PORT,
    host,
    publicUrl,
    brand: env.CLIENT,
    brandProfile: configuredBrandProfile(env.CLIENT, env),
    dataDir,
    sessionSecret: env.SESSION_SECRET ?? generatedSecret(dataDir, 'session-secret'),
    previewSecret: env.PREVIEW_SECRET ?? generatedSecret(dataDir, 'preview-secret'),
    fleetWebhookSecret: env.FLEET_WEBHOOK_SECRET ?? generatedSecret(dataDir, 'fleet-webhook-secret'),
    staffTotpKey: env.STAFF_TOTP_KEY ?? generatedSecret(dataDir, 'staff-totp-key'),
    isProduction: env.NODE_ENV === 'production',
    localRun,
  };
}

/**
 * A secret that survives restarts without configuration: generated once into DATA_DIR. Several
 * instances must share one, so they set it explicitly (docs/operations.md).
 */
function generatedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return readFileSync(file, 'utf8').trim();
    }
  }
}

/**
 * Refuses a production start outside a local run with secrets that would not hold there. The
 * composition root calls it before it opens anything.
 *
 * - STAFF_TOTP_KEY must be set: its default is a key generated into this instance's data folder,
 *   which another instance does not share and a new data folder loses, and with it every staff
 *   second factor (docs/rules/back-office.md#second-factor).
 * - With DATABASE_URL the instances may be several: SESSION_SECRET, PREVIEW_SECRET and
 *   FLEET_WEBHOOK_SECRET must then be set, the same on all of them, or a form from one instance fails
 *   its CSRF check on another and the fleet system's trips are refused by every instance but one.
 * - A secret set to a placeholder (`changeme-changeme-…`, one character repeated) is refused: a
 *   generated one has far more than 10 different characters.
 */
export function assertProductionSecrets(config: AppConfig): void {
  if (!config.isProduction || config.localRun) return;
  const { env, publicUrl } = config;
  if (!env.STAFF_TOTP_KEY) {
    throw new ConfigError(
      `STAFF_TOTP_KEY is not set: the back office's second factors would be encrypted with a key of this instance's data folder only at ${publicUrl}. ` +
        'Set STAFF_TOTP_KEY to at least 32 random characters, the same on every instance.',
    );
  }
  const missing = env.DATABASE_URL
    ? (['SESSION_SECRET', 'PREVIEW_SECRET', 'FLEET_WEBHOOK_SECRET'] as const).filter((name) => !env[name])
    : [];
  if (missing.length > 0) {
    throw new ConfigError(
      `${[missing.slice(0, -1).join(', '), missing.at(-1)].filter(Boolean).join(' and ')} not set: with DATABASE_URL the instances at ${publicUrl} may be several, and each would sign with a secret of its own data folder. ` +
        'Generate them once (openssl rand -base64 48) and set the same values on every instance.',
    );
  }
  const placeholders = (['SESSION_SECRET', 'PREVIEW_SECRET', 'STAFF_TOTP_KEY', 'FLEET_WEBHOOK_SECRET'] as const).filter(
    (name) => env[name] !== undefined && new Set(env[name]).size < 10,
  );
  if (placeholders.length > 0) {
    throw new ConfigError(
      `${placeholders.join(', ')} look like placeholders (fewer than 10 different characters). ` +
        'Generate random values (openssl rand -base64 48).',
    );
  }
}

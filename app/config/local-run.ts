/**
 * A local run serves a loopback address: PUBLIC_URL on `localhost`, `127.x.x.x` or `[::1]` (its
 * default is http://localhost:PORT), and the server listens on loopback only (HOST's default with
 * such a PUBLIC_URL). Only a local run gets the development conveniences the README promises for a
 * laptop; anything else is a deployment, where they would hand out accounts.
 */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A listening address only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Which database the process opened: the embedded one, or a PostgreSQL server (DATABASE_URL). */
type DatabaseKind = 'pglite' | 'postgres';

/** The values of DEV_MAILBOX and DEMO_SEED; env.server.ts validates the environment against them. */
export const devMailboxSettings = ['on', 'off'] as const;
export const demoSeedSettings = ['0', '1'] as const;

interface RunSettings {
  env: { DEV_MAILBOX?: (typeof devMailboxSettings)[number]; DEMO_SEED?: (typeof demoSeedSettings)[number] };
  localRun: boolean;
}

/**
 * The development mailbox (/dev/mailbox, and mail and SMS texts in the log): by default on a local
 * run on the embedded database; DEV_MAILBOX=on opens it on a local run on PostgreSQL too, `off`
 * closes it. It never opens elsewhere: loadConfig refuses DEV_MAILBOX=on for any other PUBLIC_URL.
 * Each channel shows only while it has no delivery service (SMTP, SMS gateway).
 */
export function devMailboxOpen(config: RunSettings, database: DatabaseKind): boolean {
  if (!config.localRun || config.env.DEV_MAILBOX === 'off') return false;
  return config.env.DEV_MAILBOX === 'on' || database === 'pglite';
}

/**
 * The demo customer, whose password the README publishes: by default on a local run on the
 * embedded database; DEMO_SEED=1 seeds it anywhere (a staging deployment that wants it), 0 nowhere.
 */
export function demoSeedWanted(config: RunSettings, database: DatabaseKind): boolean {
  if (config.env.DEMO_SEED) return config.env.DEMO_SEED === '1';
  return config.localRun && database === 'pglite';
}

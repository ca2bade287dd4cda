import type { Env } from './env.server';

export interface StandIn {
  /** What answers instead of the real service. */
  name: string;
  /** The setting that replaces it with the real service. */
  setting: keyof Env;
}

/**
 * The embedded stand-ins the process runs with, each named with the setting that replaces it. They
 * let the app run on a laptop with nothing else installed; in a deployment each one is a setting
 * that was forgotten.
 */
export function standInsInUse(env: Env, database: 'pglite' | 'postgres'): StandIn[] {
  const standIns: (StandIn | false)[] = [
    database === 'pglite' && { name: 'embedded database (PGlite)', setting: 'DATABASE_URL' },
    !env.SMTP_URL && { name: 'no SMTP server: mails stay in the outbox', setting: 'SMTP_URL' },
    !env.SMS_GATEWAY_URL && { name: 'no SMS gateway: SMS stay in the outbox', setting: 'SMS_GATEWAY_URL' },
    !env.PAYMENT_PROVIDER_URL && { name: 'sandbox payment provider', setting: 'PAYMENT_PROVIDER_URL' },
    !env.BANK_VERIFICATION_URL && { name: 'sandbox bank verification', setting: 'BANK_VERIFICATION_URL' },
    !env.SEPA_CREDITOR_ID && { name: 'test SEPA creditor identifier', setting: 'SEPA_CREDITOR_ID' },
    !env.GEOCODER_URL && { name: 'offline gazetteer', setting: 'GEOCODER_URL' },
    !env.CMS_URL && { name: 'bundled content', setting: 'CMS_URL' },
  ];
  return standIns.filter((standIn): standIn is StandIn => standIn !== false);
}

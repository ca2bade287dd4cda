import { describe, expect, it } from 'vitest';
import { loadConfig } from '~/config/env.server';
import type { Database } from '~/db/client.server';
import type { ContentStore } from '~/features/content/content-store.server';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import { featureContext } from './services.server';

const secrets = { SESSION_SECRET: 'x'.repeat(32), PREVIEW_SECRET: 'y'.repeat(16) };

/** The feature context for `env`; nothing here opens a connection, so the opened parts are stand-ins. */
function contextFor(env: Record<string, string> = {}, switches = { mailboxEnabled: false, smsBoxEnabled: false }) {
  const logged: { fields: unknown; message: string }[] = [];
  const logger = {
    info: (fields: unknown, message?: string) =>
      void logged.push(typeof fields === 'string' ? { fields: {}, message: fields } : { fields, message: message! }),
    warn: () => {},
  } as unknown as Parameters<typeof featureContext>[1]['logger'];
  const ctx = featureContext(loadConfig({ ...secrets, ...env }), {
    db: {} as Database,
    logger,
    content: {} as ContentStore,
    rateLimits: memoryRateLimitStore(),
    ...switches,
  });
  return { ctx, logged };
}

describe('the composition root', () => {
  it('builds the embedded stand-ins when no service URL is set', () => {
    const { ctx } = contextFor();
    expect(ctx.geocoding.source).toBe('gazetteer');
    expect(ctx.paymentProvider.name).toBe('sandbox');
    expect(ctx.bankVerifier.name).toBe('sandbox');
    expect(ctx.licenceVerifier.name).toBe('sandbox');
  });

  it('builds the real adapters where their URLs are set', () => {
    const { ctx } = contextFor({
      GEOCODER_URL: 'https://geo.example.com',
      GEOCODER_KEY: 'k',
      PAYMENT_PROVIDER_URL: 'https://psp.example.com',
      BANK_VERIFICATION_URL: 'https://verify.example.com',
    });
    expect(ctx.geocoding.source).toBe('nominatim');
    expect(ctx.paymentProvider.name).toBe('http');
    expect(ctx.bankVerifier.name).toBe('http');
  });

  it('logs queued mail bodies and SMS texts only where the development mailbox is open', () => {
    const closed = contextFor();
    closed.ctx.onMailQueued('kundin@example.org', 'Passwort zurücksetzen', 'https://x.example/?token=secret');
    closed.ctx.onSmsQueued('+4915123456789', '123456 ist dein Code');
    expect(JSON.stringify(closed.logged)).not.toMatch(/secret|kundin|123456/);

    const open = contextFor({}, { mailboxEnabled: true, smsBoxEnabled: true });
    open.ctx.onMailQueued('kundin@example.org', 'Passwort zurücksetzen', 'https://x.example/?token=secret');
    open.ctx.onSmsQueued('+4915123456789', '123456 ist dein Code');
    expect(JSON.stringify(open.logged)).toMatch(/secret/);
    expect(JSON.stringify(open.logged)).toMatch(/123456 ist dein Code/);
  });
});

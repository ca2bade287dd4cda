import { describe, expect, it } from 'vitest';
import { loadConfig } from '~/config/env.server';
import { contentSecurityPolicy, thirdPartyConnectOrigins } from './security-headers';

const base = { DATA_DIR: '/tmp/e2e-unused', SESSION_SECRET: 's'.repeat(43), PREVIEW_SECRET: 'p'.repeat(20) };
const connectSrc = (csp: string) => csp.split('; ').find((directive) => directive.startsWith('connect-src'));

describe('connect-src', () => {
  it('is the own origin only when nothing outside is configured', () => {
    const config = loadConfig(base);
    expect(thirdPartyConnectOrigins(config)).toEqual([]);
    expect(connectSrc(contentSecurityPolicy(false, thirdPartyConnectOrigins(config))('n'))).toBe("connect-src 'self'");
  });

  it('adds the analytics origin for cab when Matomo is configured, and Sentry’s ingest host', () => {
    const config = loadConfig({
      ...base,
      MATOMO_URL: 'https://stats.example.com/matomo/',
      MATOMO_SITE_ID: '4',
      SENTRY_DSN: 'https://public@o1.ingest.sentry.example/42',
    });
    expect(connectSrc(contentSecurityPolicy(true, thirdPartyConnectOrigins(config))('n'))).toBe(
      "connect-src 'self' https://stats.example.com https://o1.ingest.sentry.example",
    );
  });

  it('leaves the analytics origin out when the brand sends no page views or the site id is missing', () => {
    const matomo = { MATOMO_URL: 'https://stats.example.com', MATOMO_SITE_ID: '4' };
    expect(thirdPartyConnectOrigins(loadConfig({ ...base, ...matomo, CLIENT: 'flinkster' }))).toEqual([]);
    expect(thirdPartyConnectOrigins(loadConfig({ ...base, MATOMO_URL: matomo.MATOMO_URL }))).toEqual([]);
  });
});

import type { AppConfig } from '~/config/env.server';
import { brandProfiles } from '~/config/brand';
import { analyticsConfig, analyticsOrigin } from '~/platform/analytics';

function cspDirectives(nonce: string, https: boolean, connectOrigins: readonly string[], development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // `npm run dev`: Vite puts the styles into <style> elements and sends hot updates over a WebSocket.
    development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectOrigins, ...(development ? ['ws:'] : [])].join(' '),
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * The Content-Security-Policy for a nonce. Only the nonce changes between responses, so the fixed
 * text around it is joined once per setting and every response costs one string concatenation.
 */
export function contentSecurityPolicy(
  https: boolean,
  connectOrigins: readonly string[] = [],
  { development = false } = {},
): (nonce: string) => string {
  const marker = '\u0000';
  const [before = '', after = ''] = cspDirectives(marker, https, connectOrigins, development).split(marker);
  return (nonce) => before + nonce + after;
}

/** Headers every answer carries, documents, files and JSON alike. */
export function commonSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'geolocation=(self), camera=(), microphone=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Other origins the browser may talk to, for connect-src: the analytics endpoint when page views are
 * configured for this brand, Sentry's ingest host when a DSN is set. Nothing else, and nothing when
 * they are not configured.
 */
export function thirdPartyConnectOrigins(config: Pick<AppConfig, 'brand' | 'env'>): string[] {
  const analytics = analyticsOrigin(
    analyticsConfig({
      brandSendsPageViews: brandProfiles[config.brand].sendsPageViews,
      matomoUrl: config.env.MATOMO_URL,
      matomoSiteId: config.env.MATOMO_SITE_ID,
    }),
  );
  const sentry = config.env.SENTRY_DSN ? new URL(config.env.SENTRY_DSN).origin : null;
  return [...new Set([analytics, sentry].filter((origin): origin is string => origin !== null))];
}

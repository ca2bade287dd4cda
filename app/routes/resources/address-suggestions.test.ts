import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geocodeJson, startNominatimServer } from '../../../tests/support/nominatim-server';
import type { Route } from './+types/address-suggestions';
import { loader } from './address-suggestions';
import { loadConfig } from '~/config/env.server';
import type { Database } from '~/db/client.server';
import type { ContentStore } from '~/features/content/content-store.server';
import { requestContext, servicesContext, type AppServices } from '~/context';
import { createLogger } from '~/platform/logger.server';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import { featureContext } from '~/services.server';

let server: Awaited<ReturnType<typeof startNominatimServer>>;
let failing = false;

beforeAll(async () => {
  server = await startNominatimServer((url) => {
    if (failing) return { status: 500, body: 'boom' };
    const q = url.searchParams.get('q') ?? '';
    return {
      status: 200,
      body: geocodeJson(
        [
          {
            lon: 8.6812,
            lat: 50.1143,
            geocoding: { osm_id: 42, street: 'Zeil', housenumber: '106', postcode: '60313', city: 'Frankfurt am Main' },
          },
        ],
        q,
      ),
    };
  });
});

afterAll(() => server.close());

/** Calls the loader the way the server does: services and request scope in the router context. */
function makeCaller() {
  const logger = createLogger('silent');
  const config = loadConfig({
    GEOCODER_URL: server.url,
    GEOCODER_KEY: 'very-secret-key',
    SESSION_SECRET: 's'.repeat(32),
    PREVIEW_SECRET: 'p'.repeat(16),
  });
  // The composition root's feature context; the geocoder is the only part this route touches.
  const services = featureContext(config, {
    db: {} as Database,
    logger,
    content: {} as ContentStore,
    rateLimits: memoryRateLimitStore(),
    mailboxEnabled: false,
    smsBoxEnabled: false,
  }) as AppServices;
  return async (query: string, clientIp = '203.0.113.5') => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, { requestId: 'test', nonce: 'n', logger, clientIp });
    const request = new Request(`http://localhost/resources/address-suggestions?${new URLSearchParams({ q: query })}`);
    return loader({ request, url: new URL(request.url), params: {}, context } as unknown as Route.LoaderArgs);
  };
}

describe('GET /resources/address-suggestions', () => {
  it('answers suggestions as JSON and never shows the geocoder key', async () => {
    const call = makeCaller();
    const response = await call('Zeil 106');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      suggestions: [{ address: 'Zeil 106 60313 Frankfurt am Main', id: '42', lon: 8.6812, lat: 50.1143 }],
    });
    expect(text).not.toContain('very-secret-key');
    expect(server.requests.at(-1)?.searchParams.get('key')).toBe('very-secret-key');
  });

  it('answers an empty list for fewer than 3 characters without asking the geocoder', async () => {
    const call = makeCaller();
    const before = server.requests.length;
    const response = await call('Ze');
    expect(await response.json()).toEqual({ suggestions: [] });
    expect(server.requests.length).toBe(before);
  });

  it('answers 429 with Retry-After once a client asked too often', async () => {
    const call = makeCaller();
    for (let i = 0; i < 30; i++) expect((await call(`Zeil ${i}`, '203.0.113.77')).status).toBe(200);
    const limited = await call('Zeil 31', '203.0.113.77');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await limited.json()).toEqual({ suggestions: [], error: 'rate-limited' });
  });

  it('answers 503 when the geocoder fails', async () => {
    const call = makeCaller();
    failing = true;
    try {
      const response = await call('Hauptstraße 1');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ suggestions: [], error: 'unavailable' });
    } finally {
      failing = false;
    }
  });
});

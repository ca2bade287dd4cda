import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RouterContextProvider } from 'react-router';
import { loadConfig } from '~/config/env.server';
import { pageContext, requestContext, servicesContext, sessionContext, type AppServices } from '~/context';
import type { DatabaseHandle } from '~/db/client.server';
import { seedReferenceData } from '~/db/seed/seed.server';
import { readSession } from '~/features/accounts/sessions.server';
import { resolvePageScope } from '~/request-scope.server';
import { createContentStore } from '~/features/content/content-store.server';
import { bundledContent } from '~/platform/content-service/bundled.server';
import { hostCookieName, readCookie, sessionCookieName } from '~/platform/cookies';
import { createLogger } from '~/platform/logger.server';
import { createMetrics } from '~/platform/metrics/metrics.server';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import { featureContext } from '~/services.server';
import { createTestDatabase, type TestDatabase } from './test-databases';

export const publicUrl = 'https://kunden.example.com';
/** The session cookie's name on `publicUrl` (HTTPS). */
export const harnessSessionCookie = hostCookieName(sessionCookieName, true);

/**
 * The services `createServices` builds for the server, on a test database: the same configuration
 * parsing and feature context (`featureContext`: the embedded sandboxes and the gazetteer when no
 * provider URLs are set), bundled content, in-memory rate limits and a silent log. No demo data;
 * reference data (tariffs) is seeded by `createRouteHarness`.
 */
export function testServices(database: DatabaseHandle, env: Record<string, string> = {}): AppServices {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'routes-')),
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: 's'.repeat(32),
    PREVIEW_SECRET: 'p'.repeat(16),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const logger = createLogger('silent');
  const bundled = bundledContent(config.brand);
  return {
    ...featureContext(config, {
      db: database.db,
      logger,
      content: createContentStore({ source: bundled, fallback: bundled, ttlMs: 60_000, logger }),
      rateLimits: memoryRateLimitStore(),
      mailboxEnabled: false,
      smsBoxEnabled: false,
    }),
    logger,
    database,
    buildId: 'test',
    metrics: createMetrics({ poolUse: () => null, outboxes: [], databaseUp: async () => true }),
    demoLogin: null,
    mail: { transport: null, mailboxEnabled: false },
    sms: { gateway: null, boxEnabled: false },
    close: () => database.close(),
  };
}

export interface RouteHarness {
  database: TestDatabase;
  services: AppServices;
  /**
   * Calls a route's loader or action the way the server does: services and request scope in the
   * router context, and the session behind the request's session cookie and the request's scope
   * (locale, page, customer) resolved as the root middleware resolves them. The root middleware's
   * CSRF check does not run, nor does the auth guard.
   */
  call<F extends (args: never) => unknown>(
    route: F,
    request: Request,
    clientIp?: string,
  ): Promise<Awaited<ReturnType<F>>>;
  dispose(): Promise<void>;
}

export async function createRouteHarness(
  backend: 'pglite' | 'postgres',
  env: Record<string, string> = {},
): Promise<RouteHarness> {
  const database = await createTestDatabase(backend);
  await seedReferenceData(database.handle.db);
  const services = testServices(database.handle, env);
  async function call<F extends (args: never) => unknown>(
    route: F,
    request: Request,
    clientIp = '203.0.113.5',
  ): Promise<Awaited<ReturnType<F>>> {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, { requestId: 'test', nonce: 'n', logger: services.logger, clientIp });
    const token = readCookie(request.headers.get('cookie'), harnessSessionCookie);
    context.set(sessionContext, token ? await readSession(services.database.db, token) : null);
    // The router's `url`: a test's requests are for documents, whose address is the page's.
    const url = new URL(request.url);
    context.set(pageContext, resolvePageScope(request, url, context));
    const args = { request, url, params: {}, context } as unknown as Parameters<F>[0];
    return (await route(args)) as Awaited<ReturnType<F>>;
  }
  return { database, services, call, dispose: () => database.dispose() };
}

/** A form POST as a browser sends it, optionally with the session cookie of `sessionToken`. */
export function formPost(
  pathname: string,
  fields: Record<string, string>,
  {
    sessionToken,
    userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
  }: { sessionToken?: string; userAgent?: string } = {},
): Request {
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': userAgent });
  if (sessionToken) headers.set('Cookie', `${harnessSessionCookie}=${sessionToken}`);
  return new Request(`${publicUrl}${pathname}`, { method: 'POST', headers, body: new URLSearchParams(fields) });
}

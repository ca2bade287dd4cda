import type { AddressInfo } from 'node:net';
import type { ServerBuild } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics } from '~/platform/metrics/metrics.server';
import { limitName, observedRateLimits } from '~/platform/metrics/observed-rate-limits.server';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import { startMetricsServer } from './metrics-server';
import { createRouteBranches } from './route-branches';
import { createRouteLabeler } from './route-label';

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  module: {},
});
const manifest = {
  root: route('root', undefined, ''),
  'home-de': route('home-de', 'root', undefined, true),
  'credit-de': route('credit-de', 'root', 'de/kundenbereich/guthaben'),
  'content-page': route('content-page', 'root', ':locale/:route'),
  'not-found': route('not-found', 'root', '*'),
} as unknown as ServerBuild['routes'];

describe('route labels', () => {
  it('name the route that answers a path, never the path', () => {
    const build = { routes: manifest, future: {}, routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' } };
    const { leafOf } = createRouteBranches(build as unknown as ServerBuild);
    const label = createRouteLabeler(leafOf, (pathname) => pathname.startsWith('/assets/'));
    expect(label('/')).toBe('home-de');
    expect(label('/_root.data')).toBe('home-de');
    expect(label('/de/kundenbereich/guthaben')).toBe('credit-de');
    expect(label('/de/kundenbereich/guthaben.data')).toBe('credit-de');
    expect(label('/de/impressum')).toBe('content-page');
    expect(label('/a/b/c/4711')).toBe('not-found');
    expect(label('/health')).toBe('health');
    expect(label('/builds/latest.json')).toBe('build-info');
    expect(label('/assets/entry-1a2b.js')).toBe('static');
  });

  it('name a rate limit by its key prefix, never by the key', () => {
    expect(limitName('login-fail:erika@example.org')).toBe('login-fail');
    expect(limitName('login-fail-ip:203.0.113.5')).toBe('login-fail-ip');
    expect(limitName('erika@example.org')).toBe('other');
    expect(limitName('Mixed:Case')).toBe('other');
  });
});

describe('metrics endpoint', () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  it('serves request, outbox, rate-limit, pool and process series on its own port', async () => {
    const metrics = createMetrics({
      poolUse: () => ({ total: 4, idle: 3, waiting: 0 }),
      outboxes: [
        { name: 'mail', backlog: async () => ({ pending: 2, failed: 1, oldestPendingSeconds: 42 }) },
        {
          name: 'sms',
          backlog: async () => {
            throw new Error('database down');
          },
        },
      ],
      databaseUp: async () => true,
      rateLimitsShared: async () => false,
    });
    metrics.observeRequest('credit-de', 'GET', 200, 0.012);
    metrics.observeRequest('credit-de', 'BREW', 200, 0.02);
    const limits = observedRateLimits(memoryRateLimitStore(), metrics.rateLimitRefused);
    const oneTry = { attempts: 1, windowMs: 60_000, waitsMs: [60_000] };
    expect((await limits.reserve('login-fail:erika@example.org', oneTry)).allowed).toBe(true);
    expect((await limits.reserve('login-fail:erika@example.org', oneTry)).allowed).toBe(false);
    expect((await limits.reserve('login-fail:max@example.org', oneTry)).allowed).toBe(true);
    const twoAnHour = { max: 2, windowMs: 3_600_000 };
    for (let hit = 0; hit < 3; hit++) await limits.hit('register-ip:203.0.113.5', twoAnHour);

    const server = await startMetricsServer(metrics.registry, 0, '127.0.0.1');
    close = () => server.close();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const body = await response.text();
    expect(body).toContain('http_requests_total{route="credit-de",method="GET",status="200"} 1');
    expect(body).toContain('http_requests_total{route="credit-de",method="other",status="200"} 1');
    expect(body).toContain('http_request_duration_seconds_bucket{le="0.025",route="credit-de",method="GET"} 1');
    expect(body).toContain('rate_limit_refusals_total{limit="login-fail"} 1');
    expect(body).toContain('rate_limit_refusals_total{limit="register-ip"} 1');
    expect(body).not.toContain('203.0.113.5');
    expect(body).not.toContain('erika@example.org');
    expect(body).toContain('outbox_messages{outbox="mail",state="pending"} 2');
    expect(body).toContain('outbox_messages{outbox="mail",state="failed"} 1');
    expect(body).toContain('outbox_oldest_pending_seconds{outbox="mail"} 42');
    expect(body).toContain('db_pool_connections{state="total"} 4');
    expect(body).toContain('db_pool_connections{state="waiting"} 0');
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(body).toMatch(/^database_up 1$/m);
    expect(body).toMatch(/^rate_limits_shared 0$/m);

    expect((await fetch(`${base}/`)).status).toBe(404);
  });

  it('count a database that fails or does not answer within the scrape as down', async () => {
    let databaseUp = (): Promise<boolean> => Promise.reject(new Error('connection refused'));
    const metrics = createMetrics({ poolUse: () => null, outboxes: [], databaseUp: () => databaseUp() });
    expect(await metrics.registry.getSingleMetricAsString('database_up')).toMatch(/^database_up 0$/m);
    databaseUp = () => new Promise(() => {});
    const startedAt = Date.now();
    expect(await metrics.registry.getSingleMetricAsString('database_up')).toMatch(/^database_up 0$/m);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(metrics.registry.getSingleMetric('rate_limits_shared')).toBeUndefined();
  });

  it('answer a scrape within its bounds while the database does not answer the backlog either', async () => {
    const silent = () => new Promise<never>(() => {});
    const metrics = createMetrics({
      poolUse: () => null,
      outboxes: [{ name: 'mail', backlog: silent }],
      databaseUp: silent,
      rateLimitsShared: silent,
    });
    const startedAt = Date.now();
    const body = await metrics.registry.metrics();
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(body).toMatch(/^database_up 0$/m);
    expect(body).toMatch(/^rate_limits_shared 0$/m);
  });
});

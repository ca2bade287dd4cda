import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '~/db/client.server';

/** An outbox's backlog as the metrics show it (the outbox in app/shared/outbox/ reports it). */
export interface Backlog {
  /** Rows still to be sent (due or waiting for a retry). */
  pending: number;
  failed: number;
  /** Age of the oldest row still to be sent, 0 when there is none. */
  oldestPendingSeconds: number;
}

/** What the metrics read when Prometheus scrapes them. */
export interface MetricSources {
  /** Connections of the PostgreSQL pool; null on PGlite, which is one in-process connection. */
  poolUse(): PoolUse | null;
  /** Backlog per outbox (`mail`, `sms`), read from the database at each scrape. */
  outboxes: { name: string; backlog(): Promise<Backlog> }[];
  /** True when a trivial query answers (the readiness probe's check). */
  databaseUp(): Promise<boolean>;
  /** Without Redis there is nothing to share: no gauge. */
  rateLimitsShared?: () => Promise<boolean>;
}

export interface AppMetrics {
  registry: Registry;
  /** One answered request: `route` is a React Router route id or a fixed name, never a raw path. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** One request refused by a rate limit; `limit` names the limit (a key prefix), never the key. */
  rateLimitRefused(limit: string): void;
}

/**
 * The Prometheus metrics of one instance: request counts and latency by route, outbox backlog and
 * failures, rate-limit refusals, whether the database answers and the limits are shared, database
 * pool use, and prom-client's process metrics (event-loop
 * lag, memory, CPU). Every label has a bounded set of values.
 */
export function createMetrics(sources: MetricSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route id, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the last byte of the answer, by route id and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by limit',
    labelNames: ['limit'] as const,
    registers: [registry],
  });

  // Both outbox gauges come from one query per outbox and scrape: a scrape collects all metrics at once.
  // While the database is down or silent the gauges keep their last values; the other metrics still answer.
  let reading: Promise<(readonly [string, Backlog])[]> | undefined;
  const backlogs = () =>
    (reading ??= Promise.all(
      sources.outboxes.map(async (box) => [box.name, await withinScrape(box.backlog(), null)] as const),
    )
      .then((read) => read.filter((entry): entry is readonly [string, Backlog] => entry[1] !== null))
      .finally(() => (reading = undefined)));
  new Gauge({
    name: 'outbox_messages',
    help: 'Messages in an outbox by state: pending (to be sent) or failed (after their last attempt)',
    labelNames: ['outbox', 'state'] as const,
    registers: [registry],
    async collect() {
      for (const [name, backlog] of await backlogs()) {
        this.set({ outbox: name, state: 'pending' }, backlog.pending);
        this.set({ outbox: name, state: 'failed' }, backlog.failed);
      }
    },
  });
  new Gauge({
    name: 'outbox_oldest_pending_seconds',
    help: 'Age of the oldest message still to be sent, 0 when none',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      for (const [name, backlog] of await backlogs()) this.set({ outbox: name }, backlog.oldestPendingSeconds);
    },
  });

  new Gauge({
    name: 'database_up',
    help: 'Whether the database answered a query at this scrape (1) or not within 2 s (0)',
    registers: [registry],
    async collect() {
      this.set((await withinScrape(sources.databaseUp(), false)) ? 1 : 0);
    },
  });
  const { rateLimitsShared } = sources;
  if (rateLimitsShared) {
    new Gauge({
      name: 'rate_limits_shared',
      help: 'Whether the rate limits count in Redis for all instances (1) or in this instance alone (0)',
      registers: [registry],
      async collect() {
        this.set((await withinScrape(rateLimitsShared(), false)) ? 1 : 0);
      },
    });
  }

  if (sources.poolUse()) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state: total (open), idle, waiting (requests queued for one)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = sources.poolUse();
        if (!use) return;
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }

  return {
    registry,
    observeRequest(route, method, status, seconds) {
      const verb = knownMethods.has(method) ? method : 'other';
      requests.inc({ route, method: verb, status: String(status) });
      latency.observe({ route, method: verb }, seconds);
    },
    rateLimitRefused(limit) {
      refusals.inc({ limit });
    },
  };
}

/**
 * What a scrape reads from the database or Redis, given up after 2 s: a silent PostgreSQL answers a
 * query only after its timeout (30 s), and prom-client answers a scrape once every metric has been
 * collected, later than Prometheus waits for it.
 */
function withinScrape<T>(reading: Promise<T>, otherwise: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(otherwise), 2_000);
    reading.then(resolve, () => resolve(otherwise)).finally(() => clearTimeout(timer));
  });
}

/** Anything else a client sends as its method counts as `other`, so clients cannot add series. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

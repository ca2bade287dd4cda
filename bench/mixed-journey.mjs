#!/usr/bin/env node
// Two app instances on one PostgreSQL and one Redis, as behind a load balancer, loaded with a mixed
// customer journey for a bounded time: throughput, latency percentiles and error rate. Goal: no
// errors and p99 under 200 ms at 20 connections.
//
//   node bench/mixed-journey.mjs
//   BENCH_CONNECTIONS=20 BENCH_SECONDS=30 BENCH_WARMUP_REQUESTS=5000 (the defaults here: 20 connections
//   is the goal's figure, and a p99 needs a few thousand answers)
//   BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres):
//     the server on which a scratch database is created and dropped afterwards
//   BENCH_REDIS_URL (default TEST_REDIS_URL, else redis://127.0.0.1:6379): used under a key prefix
//     of this run, whose keys are deleted afterwards
//
// Every connection walks the journey over and over, as a new visitor each time (autocannon resets
// its context after the last step): two cached public pages, the login form, the login (argon2id),
// three self-service pages, a form post (newsletter choice on "Meine Daten") and the logout. The
// connections are split between the two instances, each keeping its instance as a connection to a
// TCP load balancer would. Writes bench/results/mixed-journey.json.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { URLSearchParams } from 'node:url';
import { ensureBuild } from '../scripts/build.mjs';
import { createScratchDatabase, deleteRedisKeys } from '../tests/support/scratch-services.mjs';
import { percentile, processCpuSeconds, roundMs, runLength, settings as loadSettings } from './support/load.mjs';
import { startApp } from './support/app.mjs';
import { demoCustomer, registerCustomers } from './support/login.mjs';
import { machine, report } from './support/results.mjs';

const name = 'mixed-journey';
const goals = { errorRate: 0, p99Ms: 200 };
const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  seconds: Number(process.env.BENCH_SECONDS ?? 30),
  warmupRequests: loadSettings.warmupRequests,
  instances: 2,
};
const databaseServer =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * Who logs in: the demo customer the instances seed (DEMO_SEED=1) and customers registered through the
 * form before the run, one journey after the other in turn, as many as connections: many customers
 * log in at once, and one account's login attempts in flight are limited.
 */
const customers = [demoCustomer];
let journeysStarted = 0;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * The journey, one step per request: what it asks and which status a correct answer has. Cookies
 * (csrf, sid) and the form token travel in autocannon's per-connection context.
 */
const journey = [
  { step: 'home (cached)', method: 'GET', path: '/de/start', status: 200 },
  { step: 'price list (cached)', method: 'GET', path: '/de/preisverzeichnis', status: 200 },
  { step: 'login form', method: 'GET', path: '/de/anmelden', status: 200 },
  {
    step: 'login (POST)',
    method: 'POST',
    path: '/de/anmelden',
    status: 302,
    body: (context) =>
      formBody({ email: context.customer.email, password: context.customer.password, csrf: context.csrf }),
  },
  { step: 'self-service overview', method: 'GET', path: '/de/kundenbereich', status: 200 },
  { step: 'balance', method: 'GET', path: '/de/kundenbereich/guthaben', status: 200 },
  { step: 'my data', method: 'GET', path: '/de/kundenbereich/daten', status: 200 },
  {
    step: 'newsletter choice (POST)',
    method: 'POST',
    path: '/de/kundenbereich/daten',
    status: 302,
    body: (context) => formBody({ intent: 'newsletter', subscribe: 'on', csrf: context.csrf }),
  },
  {
    step: 'logout (POST)',
    method: 'POST',
    path: '/resources/logout',
    status: 302,
    body: (context) => formBody({ locale: 'de', csrf: context.csrf }),
  },
];

function formBody(fields) {
  return new URLSearchParams(fields).toString();
}

/** Per step: latencies (ms) and the answers with another status than the step expects. */
function newTally() {
  return journey.map(() => ({ latencies: [], unexpected: 0 }));
}

/** autocannon's request list for the journey, recording into `tally` (null during the warm-up). */
function requests(tally) {
  return journey.map((step, index) => ({
    method: step.method,
    path: step.path,
    setupRequest(request, context) {
      context.cookies ??= {};
      // autocannon starts every walk through the journey with a fresh context.
      context.customer ??= customers[journeysStarted++ % customers.length];
      context.sentAt = performance.now();
      const cookie = Object.entries(context.cookies)
        .map(([key, value]) => `${key}=${value}`)
        .join('; ');
      return {
        ...request,
        headers: { ...(step.body ? form : {}), ...(cookie ? { cookie } : {}) },
        body: step.body?.(context),
      };
    },
    onResponse(status, body, context, headers) {
      if (tally) {
        tally[index].latencies.push(performance.now() - context.sentAt);
        if (status !== step.status) tally[index].unexpected++;
      }
      for (const [header, value] of Object.entries(headers)) {
        if (header.toLowerCase() !== 'set-cookie') continue;
        for (const line of [value].flat()) {
          const [pair] = line.split(';');
          const separator = pair.indexOf('=');
          context.cookies[pair.slice(0, separator)] = pair.slice(separator + 1);
        }
      }
      const token = /\sname="csrf" value="([^"]+)"/.exec(body)?.[1];
      if (token) context.csrf = token;
    },
  }));
}

/** Journeys on `urls` for `length` (`runLength`'s argument). */
function load(urls, length, tally) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: urls,
        connections: settings.connections,
        ...runLength(length),
        requests: requests(tally),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** One walk through the journey before loading: every step answers as expected. */
async function checkJourney(url) {
  const context = {};
  for (const [index, request] of requests(null).entries()) {
    const step = journey[index];
    const { headers, body } = request.setupRequest({}, context);
    const response = await globalThis.fetch(url + step.path, {
      method: step.method,
      headers,
      body,
      redirect: 'manual',
    });
    const text = await response.text();
    if (response.status !== step.status) throw new Error(`${step.step}: ${response.status}, expected ${step.status}`);
    request.onResponse(response.status, text, context, { 'set-cookie': response.headers.getSetCookie() });
  }
}

function cpuSeconds(pids) {
  const values = pids.map(processCpuSeconds);
  return values.includes(undefined) ? undefined : values.reduce((sum, value) => sum + value, 0);
}

ensureBuild();
const work = mkdtempSync(path.join(tmpdir(), 'bench-mixed-journey-'));
const machineAtStart = machine();

const redisKeyPrefix = `bench-${randomBytes(6).toString('hex')}:`;
const database = await createScratchDatabase(databaseServer, 'bench');
const children = [];
try {
  console.log(`Starting ${settings.instances} instances on one PostgreSQL (${database.name}) and Redis ...`);
  const secrets = {
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    PREVIEW_SECRET: randomBytes(32).toString('base64url'),
  };
  const instances = await Promise.all(
    Array.from({ length: settings.instances }, async (_, id) => {
      // What each instance of a deployment with demo data gets (README, "Several instances").
      const child = await startApp(work, String(id), {
        ...secrets,
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: redisKeyPrefix,
        DEMO_SEED: '1',
      });
      children.push(child);
      return child;
    }),
  );
  const urls = instances.map((instance) => instance.url);
  customers.push(...(await registerCustomers(urls[0], settings.connections - 1)));
  for (const url of urls) await checkJourney(url);

  console.log(
    `Warming up with ${settings.warmupRequests} requests, then loading for ${settings.seconds} s with ${settings.connections} connections ...`,
  );
  if (settings.warmupRequests > 0) await load(urls, { amount: settings.warmupRequests }, null);
  const tally = newTally();
  const pids = instances.map((instance) => instance.pid);
  const serverBefore = cpuSeconds(pids);
  const driverBefore = process.cpuUsage();
  const result = await load(urls, { seconds: settings.seconds }, tally);
  const driver = process.cpuUsage(driverBefore);
  const serverAfter = cpuSeconds(pids);

  const answered = tally.reduce((sum, step) => sum + step.latencies.length, 0);
  const unexpected = tally.reduce((sum, step) => sum + step.unexpected, 0);
  const failures = unexpected + result.errors + result.timeouts;
  const errorRate = failures / Math.max(1, answered + result.errors + result.timeouts);
  const all = Float64Array.from(tally.flatMap((step) => step.latencies)).sort();
  const latencyMs = (sorted) => ({
    p50: roundMs(percentile(sorted, 50)),
    p95: roundMs(percentile(sorted, 95)),
    p99: roundMs(percentile(sorted, 99)),
    max: roundMs(sorted.at(-1)),
  });
  const overall = latencyMs(all);
  const seconds = result.duration || settings.seconds;
  const perRequestMicros = (cpu) =>
    cpu === undefined || answered === 0 ? undefined : Math.round((cpu * 1e6) / answered);

  const figures = {
    name,
    title: 'Mixed customer journey against two instances on PostgreSQL and Redis',
    date: new Date().toISOString(),
    machine: machineAtStart,
    settings: {
      instances: settings.instances,
      connections: settings.connections,
      seconds: settings.seconds,
      'warm-up requests': settings.warmupRequests,
      'steps per journey': journey.length,
    },
    results: [
      {
        label: `mixed journey, ${settings.instances} instances`,
        requestsPerSecond: Math.round(answered / seconds),
        requestsTotal: answered,
        latencyMs: overall,
        cpuMicrosPerRequest: {
          server: perRequestMicros(
            serverBefore === undefined || serverAfter === undefined ? undefined : serverAfter - serverBefore,
          ),
          loadGenerator: perRequestMicros((driver.user + driver.system) / 1e6),
        },
        errors: failures,
      },
    ],
    table: {
      columns: ['Step', 'Requests', 'p50', 'p95', 'p99', 'Unexpected answers'],
      rows: journey.map((step, index) => {
        const latencies = latencyMs(Float64Array.from(tally[index].latencies).sort());
        return [
          `${step.step}: ${step.method} ${step.path}`,
          tally[index].latencies.length,
          `${latencies.p50} ms`,
          `${latencies.p95} ms`,
          `${latencies.p99} ms`,
          tally[index].unexpected,
        ];
      }),
    },
    figures: [
      {
        label: 'error rate',
        value: roundMs(errorRate * 100) + ' %',
        goal: `${goals.errorRate} %`,
        met: failures === goals.errorRate,
      },
      { label: 'p99 latency', value: `${overall.p99} ms`, goal: `< ${goals.p99Ms} ms`, met: overall.p99 < goals.p99Ms },
      { label: 'p95 latency', value: `${overall.p95} ms` },
      { label: 'journeys per second', value: Math.round((tally.at(-1).latencies.length / seconds) * 10) / 10 },
    ],
    notes: [
      `Errors are answers with another status than the step expects (${unexpected}), connection errors (${result.errors}) and timeouts (${result.timeouts}); the error rate is their share of all requests.`,
      'Each connection stays with one instance, as through a TCP load balancer; that a session made on one instance is valid on another is checked by tests/integration/scale-out.test.ts.',
      'Latency is measured per request from the moment the load generator builds it until its answer is read. Server CPU is the sum over both instances; on two cores the instances, PostgreSQL, Redis and the load generator share the machine.',
    ],
  };
  report(figures);
} finally {
  await Promise.all(children.map((child) => child.stop()));
  await database.drop();
  await deleteRedisKeys(redisUrl, redisKeyPrefix);
  rmSync(work, { recursive: true, force: true });
}

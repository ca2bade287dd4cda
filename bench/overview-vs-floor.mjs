#!/usr/bin/env node
// The logged-in self-service overview against the app's own floor (an anonymous page rendered per
// request without the database, bench/support/floor.mjs), on PostgreSQL and on the embedded PGlite,
// and the overview's latency under open-loop load at half the rate it reached. Goals: on PostgreSQL
// the overview at half the floor's request rate or more; at half the overview's capacity, p99 under
// 50 ms.
//
//   node bench/overview-vs-floor.mjs
//   BENCH_SECONDS=10 BENCH_ROUNDS=5 BENCH_WARMUP_REQUESTS=5000 BENCH_CONNECTIONS=10 (the defaults),
//   BENCH_OPEN_LOOP_SECONDS=20
//   BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres):
//     the server on which a scratch database is created and dropped afterwards
//
// Each database gets its own app instance, started as `npm start` starts it (on PostgreSQL with
// DATABASE_URL and DEMO_SEED=1, the settings a deployment with demo data uses). Writes
// bench/results/overview-vs-floor.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../scripts/build.mjs';
import { createScratchDatabase } from '../tests/support/scratch-services.mjs';
import { startApp } from './support/app.mjs';
import { floorPage, floorPath } from './support/floor.mjs';
import { checked, measureInTurns, settings, settingsForSummary } from './support/load.mjs';
import { demoCustomer, logIn } from './support/login.mjs';
import { openLoop } from './support/open-loop.mjs';
import { machine, ratio, report } from './support/results.mjs';

const name = 'overview-vs-floor';
const pagePath = '/de/kundenbereich';
const goals = { ratio: 0.5, p99Ms: 50 };
const openLoopSeconds = Number(process.env.BENCH_OPEN_LOOP_SECONDS ?? 20);
const databaseServer =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

ensureBuild();
const machineAtStart = machine();
const work = mkdtempSync(path.join(tmpdir(), 'bench-overview-'));
const results = [];
const figures = [];
try {
  const database = await createScratchDatabase(databaseServer, 'bench');
  try {
    await measure('PostgreSQL', { DATABASE_URL: database.url, DEMO_SEED: '1' }, true);
  } finally {
    await database.drop();
  }
  await measure('PGlite', {}, false);

  report({
    name,
    title: 'Logged-in self-service overview vs. the floor, and its latency under open-loop load',
    date: new Date().toISOString(),
    machine: machineAtStart,
    settings: { path: pagePath, floor: floorPath, ...settingsForSummary, 'open-loop seconds': openLoopSeconds },
    results,
    figures,
    notes: [
      `Every overview request carries the cookies a browser has after logging in as ${demoCustomer.email} through the login form (session and CSRF cookie), so it reads the session, runs the auth guard and the loaders with their queries, and is never answered from the page cache (checked: no X-Page-Cache header, the customer's own data in the page, no Set-Cookie).`,
      `The floor is ${floorPath} on the same instance: an anonymous content page rendered per request, without session or database (bench/floor-vs-react-router.mjs compares it with React Router alone).`,
      'Open loop: requests start at a fixed rate, half the requests per second the overview reached in the closed-loop turns above, whether or not earlier ones were answered; latency counts from the moment a request was due (bench/support/open-loop.mjs), so waiting behind slow answers counts.',
      'PostgreSQL runs on this machine, so its work for the queries shares the two cores with the app and the load generator; it is not in the app’s CPU figure.',
    ],
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}

async function measure(databaseLabel, databaseSettings, goalApplies) {
  console.log(`Starting the app on ${databaseLabel}, logging in ...`);
  const app = await startApp(work, databaseLabel.toLowerCase(), databaseSettings);
  try {
    const cookie = await logIn(app.url);
    await overviewPage(app.url, cookie);
    await floorPage(app.url);

    console.log(`Loading the overview and the floor in ${settings.rounds} rounds ...`);
    const turns = await measureInTurns(
      [
        { key: 'overview', url: app.url + pagePath, pid: app.pid, headers: { cookie } },
        { key: 'floor', url: app.url + floorPath, pid: app.pid },
      ],
      { onRound: (round) => console.log(`  round ${round} done`) },
    );
    const overview = checked('overview', turns.overview);
    const floor = checked('floor', turns.floor);
    const rate = Math.max(1, Math.round(overview.requestsPerSecond / 2));
    console.log(`Open loop: ${rate} overviews per second for ${openLoopSeconds} s ...`);
    const open = await openLoop({
      url: app.url + pagePath,
      headers: { cookie },
      rate,
      seconds: openLoopSeconds,
      pid: app.pid,
    });
    if (open.errors > 0 || open.unexpected > 0) {
      throw new Error(`open loop on ${databaseLabel}: ${open.errors} errors, ${open.unexpected} other answers`);
    }

    results.push(
      { label: `overview, logged in, ${databaseLabel}`, ...overview },
      { label: `floor, ${databaseLabel}`, ...floor },
      {
        label: `overview, open loop at ${rate}/s, ${databaseLabel}`,
        requestsPerSecond: open.achievedRate,
        latencyMs: open.latencyMs,
        cpuMicrosPerRequest: { server: open.cpuMicrosPerRequest },
      },
    );
    const overviewToFloor = ratio(overview.requestsPerSecond, floor.requestsPerSecond);
    figures.push(
      {
        label: `ratio overview/floor on ${databaseLabel} (requests per second)`,
        value: overviewToFloor,
        ...(goalApplies ? { goal: `≥ ${goals.ratio}`, met: overviewToFloor >= goals.ratio } : {}),
      },
      {
        label: `p99 latency on ${databaseLabel}, open loop at half the overview's capacity (${rate} of ${overview.requestsPerSecond}/s; the load generator's own longest delay ${open.generatorDelayMaxMs} ms)`,
        value: `${open.latencyMs.p99} ms`,
        goal: `< ${goals.p99Ms} ms`,
        met: open.latencyMs.p99 < goals.p99Ms,
      },
    );
  } finally {
    await app.stop();
  }
}

/** The overview as the logged-in customer sees it; refuses a cached, redirected or anonymous answer. */
async function overviewPage(appUrl, cookie) {
  const response = await globalThis.fetch(appUrl + pagePath, { headers: { cookie }, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status} to the logged-in customer`);
  if (response.headers.has('x-page-cache')) throw new Error(`${pagePath} went through the page cache`);
  if (!html.includes(demoCustomer.email)) throw new Error(`${pagePath} does not show the customer's data`);
  if (response.headers.getSetCookie().length > 0) throw new Error(`${pagePath} set a cookie on every request`);
}

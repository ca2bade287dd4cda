#!/usr/bin/env node
// Speed of the logged-in self-service overview against a stock React Router server rendering a
// static page of the same size: the overview's own HTML, turned back into React elements and
// rendered with React on every request (bench/support/react-router-reference.mjs). The difference
// is what the app adds: session, CSRF and auth middleware, the root, layout and overview loaders
// with their database queries, serialising the loader data, its own server and security headers.
// Both servers run as child processes and are loaded in turns (bench/support/load.mjs), with a
// third turn for the floor: a page the app renders without any database work.
//
//   node bench/overview-vs-react-router.mjs
//   BENCH_SECONDS=10 BENCH_ROUNDS=5 BENCH_WARMUP_SECONDS=2 BENCH_CONNECTIONS=10 (the defaults)
//
// The app runs as in production (NODE_ENV=production, PGlite, LOG_LEVEL=info to a file), with the
// session of the seeded demo customer, logged in through the login form. Writes
// bench/results/overview-vs-react-router.json.
import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild, root } from '../scripts/build.mjs';
import { startApp } from './support/app.mjs';
import { checked, measureInTurns, settings, settingsForSummary } from './support/load.mjs';
import { demoCustomer, logIn } from './support/login.mjs';
import { startChild } from './support/processes.mjs';
import { machine, report } from './support/results.mjs';

const name = 'overview-vs-react-router';
const pagePath = '/de/kundenbereich';
const goal = { ratio: 0.5, p99Ms: 50 };
/** A page the app renders without the database: no session cookie, bundled content, page cache bypassed. */
const floorPath = '/de/impressum?rendered=1';

ensureBuild();
const machineAtStart = machine();
const work = mkdtempSync(path.join(tmpdir(), 'bench-overview-'));
const children = [];
try {
  console.log('Starting the app, logging in, starting the reference ...');
  const app = await startApp(work, 'overview', { LOG_LEVEL: 'info' });
  children.push(app);
  const cookie = await logIn(app.url);
  const page = await overviewPage(app.url, cookie);
  const htmlFile = path.join(work, 'overview.html');
  writeFileSync(htmlFile, page.html);
  const reference = await startChild(path.join(root, 'bench', 'support', 'react-router-reference.mjs'), {
    args: [htmlFile, pagePath],
    env: { ...process.env, NODE_ENV: 'production' },
    logFile: path.join(work, 'reference.log'),
  });
  children.push(reference);
  const referenceBytes = Buffer.byteLength(await (await globalThis.fetch(reference.url + pagePath)).text());

  console.log(`Loading app and reference in ${settings.rounds} rounds ...`);
  await withoutDatabasePage(app.url);
  const turns = await measureInTurns(
    [
      { key: 'app', url: app.url + pagePath, pid: app.pid, headers: { cookie } },
      { key: 'reference', url: reference.url + pagePath, pid: reference.pid },
      { key: 'floor', url: app.url + floorPath, pid: app.pid },
    ],
    { onRound: (round) => console.log(`  round ${round} done`) },
  );
  const appResult = checked('app', turns.app);
  const referenceResult = checked('reference', turns.reference);
  const floorResult = checked('floor', turns.floor);
  const ratio = Math.round((appResult.requestsPerSecond / referenceResult.requestsPerSecond) * 1000) / 1000;

  report({
    name,
    title: 'Logged-in self-service overview vs. React Router rendering a static page of the same size',
    date: new Date().toISOString(),
    machine: machineAtStart,
    settings: {
      path: pagePath,
      ...settingsForSummary,
      'HTML bytes (app, reference)': `${page.bytes}, ${referenceBytes}`,
    },
    results: [
      { label: 'app, logged in (defaults, LOG_LEVEL=info)', ...appResult },
      { label: 'React Router, static page, same markup', ...referenceResult },
      { label: 'app, anonymous content page rendered per request, no database (floor)', ...floorResult },
    ],
    figures: [
      { label: 'ratio app/reference', value: ratio, goal: `≥ ${goal.ratio}`, met: ratio >= goal.ratio },
      {
        label: `app p99 latency at ${settings.connections} connections`,
        value: `${appResult.latencyMs.p99} ms`,
        goal: `< ${goal.p99Ms} ms`,
        met: appResult.latencyMs.p99 < goal.p99Ms,
      },
      {
        label: 'ratio floor/reference (what the app costs before any database work or customer data)',
        value: Math.round((floorResult.requestsPerSecond / referenceResult.requestsPerSecond) * 1000) / 1000,
      },
    ],
    notes: [
      `Every app request carries the cookies a browser has after logging in as ${demoCustomer.email} through the login form (session and CSRF cookie), so it reads the session, runs the auth guard and the loaders, and is never answered from the page cache (checked: no X-Page-Cache header, the customer's own data in the page).`,
      `The floor is the app's ${floorPath}: an anonymous content page whose query string keeps it out of the page cache, so it is rendered on every request, with the app's middleware, root and layout loaders and security headers, but no session, no database query and no customer data. It is the app's framework cost alone; the goal's ratio cannot be higher than this one (docs/decisions/0017-request-rate-goals-out-of-reach.md).`,
      'The reference is @react-router/node’s request listener with one route, no loaders and no middleware, rendering the overview’s own HTML (converted back into React elements, so React renders the same elements and text) with renderToPipeableStream like the app’s entry; its HTML differs from the app’s by a few bytes. No Accept-Encoding is sent, so neither compresses.',
    ],
  });
} finally {
  await Promise.all(children.map((child) => child.stop()));
  rmSync(work, { recursive: true, force: true });
}

/** The floor page must be rendered by the app, not answered from its page cache. */
async function withoutDatabasePage(appUrl) {
  const response = await globalThis.fetch(appUrl + floorPath, { redirect: 'manual' });
  await response.text();
  if (response.status !== 200) throw new Error(`${floorPath} answered ${response.status}`);
  if (response.headers.has('x-page-cache')) throw new Error(`${floorPath} went through the page cache`);
}

/** The overview as the logged-in customer sees it; refuses a cached, redirected or anonymous answer. */
async function overviewPage(appUrl, cookie) {
  const response = await globalThis.fetch(appUrl + pagePath, { headers: { cookie }, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status} to the logged-in customer`);
  if (response.headers.has('x-page-cache')) throw new Error(`${pagePath} went through the page cache`);
  if (!html.includes(demoCustomer.email)) throw new Error(`${pagePath} does not show the customer's data`);
  if (response.headers.getSetCookie().length > 0) throw new Error(`${pagePath} set a cookie on every request`);
  return { html, bytes: Buffer.byteLength(html) };
}

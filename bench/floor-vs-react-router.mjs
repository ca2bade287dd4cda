#!/usr/bin/env node
// The app's framework cost per rendered page against React Router's own. The floor is a page the app
// renders on every request without a session or a database query: /de/impressum with a query string,
// which keeps it out of the page cache, so every request runs the app's server, middleware, root and
// layout loaders, rendering and security headers. The yardstick is a stock React Router server with
// one route rendering the floor's own HTML, turned back into React elements
// (bench/support/react-router-reference.mjs): the same markup, with React, and nothing else. Goal: the
// floor at half the yardstick's request rate or more. Both run as child processes, loaded in turns.
//
//   node bench/floor-vs-react-router.mjs
//   BENCH_SECONDS=10 BENCH_ROUNDS=5 BENCH_WARMUP_REQUESTS=5000 BENCH_CONNECTIONS=10 (the defaults)
//
// Writes bench/results/floor-vs-react-router.json.
import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild, root } from '../scripts/build.mjs';
import { startApp } from './support/app.mjs';
import { floorPage, floorPath } from './support/floor.mjs';
import { checked, measureInTurns, settings, settingsForSummary } from './support/load.mjs';
import { startChild } from './support/processes.mjs';
import { machine, ratio, report } from './support/results.mjs';

const name = 'floor-vs-react-router';
const goal = 0.5;

ensureBuild();
const machineAtStart = machine();
const work = mkdtempSync(path.join(tmpdir(), 'bench-floor-'));
const children = [];
try {
  console.log('Starting the app and the reference ...');
  const app = await startApp(work, 'floor');
  children.push(app);
  const html = await floorPage(app.url);
  const htmlFile = path.join(work, 'floor.html');
  writeFileSync(htmlFile, html);
  const referencePath = floorPath.split('?')[0];
  const reference = await startChild(path.join(root, 'bench', 'support', 'react-router-reference.mjs'), {
    args: [htmlFile, referencePath],
    env: { ...process.env, NODE_ENV: 'production' },
    logFile: path.join(work, 'reference.log'),
  });
  children.push(reference);
  const referenceBytes = Buffer.byteLength(await (await globalThis.fetch(reference.url + referencePath)).text());

  console.log(`Loading the floor and the reference in ${settings.rounds} rounds ...`);
  const turns = await measureInTurns(
    [
      { key: 'floor', url: app.url + floorPath, pid: app.pid },
      { key: 'reference', url: reference.url + referencePath, pid: reference.pid },
    ],
    { onRound: (round) => console.log(`  round ${round} done`) },
  );
  const floor = checked('floor', turns.floor);
  const yardstick = checked('reference', turns.reference);
  const rateRatio = ratio(floor.requestsPerSecond, yardstick.requestsPerSecond);

  report({
    name,
    title: 'Anonymous page rendered per request (floor) vs. React Router rendering the same markup',
    date: new Date().toISOString(),
    machine: machineAtStart,
    settings: {
      path: floorPath,
      ...settingsForSummary,
      'HTML bytes (floor, reference)': `${Buffer.byteLength(html)}, ${referenceBytes}`,
    },
    results: [
      { label: 'app, floor page, as `npm start` runs it', ...floor },
      { label: 'React Router, one route, same markup', ...yardstick },
    ],
    figures: [
      {
        label: 'ratio floor/reference (requests per second)',
        value: rateRatio,
        goal: `≥ ${goal}`,
        met: rateRatio >= goal,
      },
      {
        label: 'ratio reference/floor (server CPU per request)',
        value: ratio(yardstick.cpuMicrosPerRequest.server, floor.cpuMicrosPerRequest.server),
      },
    ],
    notes: [
      `The floor is ${floorPath}: an anonymous content page whose query string keeps it out of the page cache, so the app renders it on every request with its server, middleware, root and layout loaders and security headers, but no session, no database query and no customer data (checked: 200, no X-Page-Cache header, no Set-Cookie).`,
      'The reference is @react-router/node’s request listener with one route, no loaders and no middleware, rendering the floor’s own HTML (converted back into React elements, so React renders the same elements and text) with renderToPipeableStream like the app’s entry; its HTML differs from the app’s by a few bytes. No Accept-Encoding is sent, so neither compresses.',
    ],
  });
} finally {
  await Promise.all(children.map((child) => child.stop()));
  rmSync(work, { recursive: true, force: true });
}

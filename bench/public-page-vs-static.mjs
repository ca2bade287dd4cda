#!/usr/bin/env node
// Speed of a cached anonymous public page (the German price list) against the best case: a plain
// node:http server answering the same HTML from memory. Both servers run as child processes and are
// loaded one at a time, in turns (bench/support/load.mjs), with the same autocannon settings, from
// this one process.
//
//   node bench/public-page-vs-static.mjs
//   BENCH_SECONDS=10 BENCH_ROUNDS=5 BENCH_WARMUP_REQUESTS=5000 BENCH_CONNECTIONS=10 (the defaults)
//
// The app runs as `npm start` runs it (PGlite in a fresh DATA_DIR, bundled content, page cache on,
// a request log line per request at LOG_LEVEL info, written to a file). What rendering a page costs
// when the cache cannot answer is bench/floor-vs-react-router.mjs. Writes
// bench/results/public-page-vs-static.json.
import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild, root } from '../scripts/build.mjs';
import { startApp as startAppChild } from './support/app.mjs';
import { checked, measureInTurns, settings, settingsForSummary } from './support/load.mjs';
import { startChild } from './support/processes.mjs';
import { machine, ratio, report } from './support/results.mjs';

const name = 'public-page-vs-static';
const pagePath = '/de/preisverzeichnis';
const goal = 0.5;

ensureBuild();
const work = mkdtempSync(path.join(tmpdir(), 'bench-public-page-'));
const support = (file) => path.join(root, 'bench', 'support', file);

async function fetchPage(url) {
  const response = await globalThis.fetch(url);
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? 'text/html',
    cacheState: response.headers.get('x-page-cache'),
    csp: response.headers.get('content-security-policy'),
    html: await response.text(),
  };
}

/** Starts the app and checks the page is answered as expected: from the cache, with fresh nonces. */
async function startApp(id) {
  const app = await startAppChild(work, id);
  children.push(app);
  const first = await fetchPage(app.url + pagePath);
  if (first.status !== 200) throw new Error(`${pagePath} answered ${first.status}`);
  const second = await fetchPage(app.url + pagePath);
  if (second.cacheState !== 'HIT') throw new Error(`${pagePath}: X-Page-Cache ${second.cacheState}, expected HIT`);
  if (second.csp === first.csp) throw new Error('two answers carried the same CSP nonce');
  if (Buffer.byteLength(second.html) !== Buffer.byteLength(first.html)) {
    throw new Error('the second answer differs in size from the first');
  }
  return { key: id, url: app.url + pagePath, pid: app.pid, page: first };
}

/** The yardstick, serving the app's first answer byte for byte, with its content type. */
async function startStatic(page) {
  const file = path.join(work, 'page.html');
  writeFileSync(file, page.html);
  const server = await startChild(support('static-server.mjs'), {
    args: [file, page.contentType],
    logFile: path.join(work, 'static.log'),
  });
  children.push(server);
  return { key: 'static', url: server.url + pagePath, pid: server.pid };
}

async function stopAll() {
  await Promise.all(children.splice(0).map((child) => child.stop()));
}

const machineAtStart = machine();
const children = [];
try {
  console.log('Starting the app and the static server ...');
  const app = await startApp('app');
  const targets = [app, await startStatic(app.page)];
  console.log(`Loading ${targets.map((target) => target.key).join(', ')} in ${settings.rounds} rounds ...`);
  const turns = await measureInTurns(targets, { onRound: (round) => console.log(`  round ${round} done`) });
  await stopAll();
  const cached = checked('app', turns.app);
  const staticServer = checked('static', turns.static);
  const appToStatic = ratio(cached.requestsPerSecond, staticServer.requestsPerSecond);

  const figures = {
    name,
    title: 'Cached anonymous public page vs. static HTML from memory',
    date: new Date().toISOString(),
    machine: machineAtStart,
    settings: {
      path: pagePath,
      ...settingsForSummary,
      'HTML bytes': Buffer.byteLength(app.page.html),
      'content type': app.page.contentType,
    },
    results: [
      { label: 'app, page cache, as `npm start` runs it', ...cached },
      { label: 'static node:http, same HTML', ...staticServer },
    ],
    figures: [{ label: 'ratio app/static', value: appToStatic, goal: `≥ ${goal}`, met: appToStatic >= goal }],
    notes: [
      'The app answers from its page cache (X-Page-Cache: HIT) with a fresh CSP nonce, its security headers and one request log line per request (written to a file); the static server sends the same HTML with Content-Type and Content-Length only.',
      'No Accept-Encoding is sent, so both answer uncompressed. The two servers run side by side and are loaded in turns (rounds of alternating order), so that other work on the machine hits them alike.',
      'CPU per request is user + system time of the process during the measured run divided by the answers. On two cores, a server needing less CPU per request than the load generator is limited by the load generator, not by itself.',
    ],
  };
  report(figures);
} finally {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
}

#!/usr/bin/env node
// Speed of a cached anonymous public page (the German price list) against the best case: a plain
// node:http server answering the same HTML from memory. Both servers run as child processes and are
// loaded one at a time, in turns (bench/support/load.mjs), with the same autocannon settings, from
// this one process.
//
//   node bench/public-page-vs-static.mjs
//   BENCH_SECONDS=10 BENCH_ROUNDS=5 BENCH_WARMUP_SECONDS=2 BENCH_CONNECTIONS=10 (the defaults)
//
// The app runs as in production (NODE_ENV=production, PGlite in a fresh DATA_DIR, bundled content,
// page cache on) with its normal request logging at LOG_LEVEL=info, written to a file. Two more app
// runs put the figure in context: LOG_LEVEL=warn shows what the request log line costs, and
// PAGE_CACHE=off what rendering every request would cost. Writes bench/results/public-page-vs-static.json.
import { Buffer } from 'node:buffer';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild, root } from '../scripts/build.mjs';
import { measureInTurns, settings } from './support/load.mjs';
import { startChild } from './support/processes.mjs';

const name = 'public-page-vs-static';
const pagePath = '/de/preisverzeichnis';
const goal = 0.5;

ensureBuild();
const work = mkdtempSync(path.join(tmpdir(), 'bench-public-page-'));
const support = (file) => path.join(root, 'bench', 'support', file);

function appEnv(id, { logLevel, pageCache }) {
  const env = { ...process.env };
  // Nothing from the caller's shell may point the app at other services or change its settings.
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|CMS_|REDIS_URL|SMTP_URL|GEOCODER_|PUBLIC_URL|PAGE_CACHE|CLIENT|NODE_ENV|DEMO_)/.test(key)) {
      delete env[key];
    }
  }
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(work, `data-${id}`),
    LOG_LEVEL: logLevel,
    PAGE_CACHE: pageCache,
  };
}

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

/** Starts the app and checks the page is answered as expected: cached (or not), with fresh nonces. */
async function startApp(id, options) {
  const app = await startChild(support('app-server.mjs'), {
    env: appEnv(id, options),
    logFile: path.join(work, `app-${id}.log`),
  });
  children.push(app);
  const first = await fetchPage(app.url + pagePath);
  if (first.status !== 200) throw new Error(`${pagePath} answered ${first.status}`);
  const second = await fetchPage(app.url + pagePath);
  const expectedState = options.pageCache === 'on' ? 'HIT' : null;
  if (second.cacheState !== expectedState) {
    throw new Error(`${pagePath}: X-Page-Cache ${second.cacheState}, expected ${expectedState}`);
  }
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

function check(label, result) {
  if (result.errors > 0 || result.non2xx > 0 || result.requestsTotal === 0) {
    throw new Error(`${label}: ${result.errors} errors, ${result.non2xx} non-2xx answers, ${result.requestsTotal} ok`);
  }
  return result;
}

function round(value) {
  return Math.round(value * 1000) / 1000;
}

const loadAtStart = Math.round(loadavg()[0] * 100) / 100;
if (loadAtStart > cpus().length / 2) {
  console.warn(`Note: load average ${loadAtStart} on ${cpus().length} CPUs; other work will disturb the figures.`);
}

const children = [];
try {
  console.log('Starting the app (info, warn) and the static server ...');
  const info = await startApp('info', { logLevel: 'info', pageCache: 'on' });
  const targets = [info, await startStatic(info.page), await startApp('warn', { logLevel: 'warn', pageCache: 'on' })];
  console.log(`Loading ${targets.map((target) => target.key).join(', ')} in ${settings.rounds} rounds ...`);
  const turns = await measureInTurns(targets, { onRound: (round) => console.log(`  round ${round} done`) });
  await stopAll();
  const app = check('app', turns.info);
  const staticServer = check('static', turns.static);
  const appWarn = check('app, LOG_LEVEL=warn', turns.warn);

  console.log('Rendering every request: the app with PAGE_CACHE=off ...');
  const uncachedTarget = await startApp('uncached', { logLevel: 'info', pageCache: 'off' });
  const uncached = check('app, PAGE_CACHE=off', (await measureInTurns([uncachedTarget])).uncached);
  await stopAll();

  const ratio = (result) => round(result.requestsPerSecond / staticServer.requestsPerSecond);
  const figures = {
    name,
    title: 'Cached anonymous public page vs. static HTML from memory',
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadAverage: loadAtStart,
    },
    settings: {
      path: pagePath,
      connections: settings.connections,
      'seconds each': settings.seconds,
      'warm-up seconds': settings.warmupSeconds,
      pipelining: settings.pipelining,
      rounds: settings.rounds,
      'HTML bytes': Buffer.byteLength(info.page.html),
      'content type': info.page.contentType,
    },
    results: [
      { label: 'app, page cache, LOG_LEVEL=info (defaults)', ...app },
      { label: 'static node:http, same HTML', ...staticServer },
      { label: 'app, page cache, LOG_LEVEL=warn', ...appWarn },
      { label: 'app, PAGE_CACHE=off, LOG_LEVEL=info', ...uncached },
    ],
    figures: [
      { label: 'ratio app/static (defaults)', value: ratio(app), goal: `≥ ${goal}`, met: ratio(app) >= goal },
      { label: 'ratio app/static, LOG_LEVEL=warn', value: ratio(appWarn) },
      { label: 'ratio app/static, PAGE_CACHE=off', value: ratio(uncached) },
    ],
    notes: [
      'The app answers from its page cache (X-Page-Cache: HIT) with a fresh CSP nonce, its security headers and one request log line per request (written to a file); the static server sends the same HTML with Content-Type and Content-Length only.',
      'No Accept-Encoding is sent, so both answer uncompressed. The three servers of the comparison run side by side and are loaded in turns (rounds of alternating order), so that other work on the machine hits them alike.',
      'CPU per request is user + system time of the process during the measured run divided by the answers. On two cores, a server needing less CPU per request than the load generator is limited by the load generator, not by itself.',
    ],
  };
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);

  console.log(`\n${figures.title}  (${pagePath}, ${settings.connections} connections, ${settings.seconds} s each)`);
  for (const row of figures.results) {
    const { p50, p99 } = row.latencyMs;
    const cpu = row.cpuMicrosPerRequest;
    console.log(
      `  ${row.label.padEnd(44)} ${String(row.requestsPerSecond).padStart(6)} req/s   p50 ${p50} ms   p99 ${p99} ms` +
        `   CPU per request: server ${cpu.server ?? '?'} µs, autocannon ${cpu.loadGenerator} µs`,
    );
  }
  for (const figure of figures.figures) {
    const goalText = figure.goal ? `  (goal ${figure.goal}: ${figure.met ? 'met' : 'NOT met'})` : '';
    console.log(`  ${figure.label.padEnd(44)} ${figure.value}${goalText}`);
  }
} finally {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
}

#!/usr/bin/env node
// Lighthouse in mobile mode (its default: an emulated mid-range phone, simulated slow 4G and a 4×
// slower CPU) with Debian's Chromium, on the home page, the price list, login, registration, reporting
// a bike and the logged-in self-service overview. Prints performance, accessibility, best practices and SEO per
// page. Goals: performance 95 or more, the other three 100. Writes bench/results/lighthouse.json.
//
//   node bench/lighthouse.mjs
//   BENCH_LIGHTHOUSE_RUNS=3 (the default): runs per page; every score is the median of the runs
//   CHROMIUM_PATH=/usr/bin/chromium (the default)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../scripts/build.mjs';
import { freePort, startApp } from './support/app.mjs';
import { logIn } from './support/login.mjs';
import { machine, report } from './support/results.mjs';
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.mjs';

const name = 'lighthouse';
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const categories = [
  { id: 'performance', label: 'Performance', goal: 95 },
  { id: 'accessibility', label: 'Accessibility', goal: 100 },
  { id: 'best-practices', label: 'Best practices', goal: 100 },
  { id: 'seo', label: 'SEO', goal: 100 },
];
const metrics = [
  { id: 'first-contentful-paint', label: 'FCP' },
  { id: 'largest-contentful-paint', label: 'LCP' },
  { id: 'total-blocking-time', label: 'TBT' },
  { id: 'cumulative-layout-shift', label: 'CLS' },
];
const pages = [
  { label: 'home', path: '/de/start' },
  { label: 'price list', path: '/de/preisverzeichnis' },
  { label: 'login', path: '/de/anmelden' },
  { label: 'register', path: '/de/registrieren' },
  { label: 'report a bike', path: '/de/rad-melden' },
  // Private by design: robots.txt and `noindex` keep crawlers out (a crawler could only ever see the
  // login page there), which Lighthouse's is-crawlable audit counts against SEO. The other SEO audits
  // still apply (docs/decisions/0014-performance-budgets.md).
  {
    label: 'self-service overview (logged in; SEO without is-crawlable)',
    path: '/de/kundenbereich',
    loggedIn: true,
    skipAudits: ['is-crawlable'],
  },
];

ensureBuild();
const machineAtStart = machine();
const work = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
// Canonical and hreflang links are absolute (PUBLIC_URL): the app must know the address it is
// opened at, or the SEO audits would see links to another host.
const port = await freePort();
const appUrl = `http://127.0.0.1:${port}`;
const app = await startApp(work, 'lighthouse', { PORT: String(port), PUBLIC_URL: appUrl });
try {
  const cookies = await logIn(appUrl);
  const measured = [];
  for (const page of pages) {
    const url = appUrl + page.path;
    const headers = page.loggedIn ? { Cookie: cookies } : undefined;
    // Renders it once, so a public page comes from the page cache as it would in production.
    await globalThis.fetch(url, { headers });
    const reports = [];
    for (let run = 0; run < runs; run++) reports.push(await runLighthouse(url, page, headers));
    measured.push({ page, ...summarise(reports) });
    const row = measured.at(-1);
    console.log(`  ${page.path}: ${categories.map((category) => row.scores[category.id]).join(' / ')}`);
  }

  const lowest = (category) =>
    measured.reduce((min, row) => (row.scores[category.id] < min.scores[category.id] ? row : min), measured[0]);
  const lhr = measured[0].environmentOf;
  report({
    name,
    title: 'Lighthouse scores per page (mobile)',
    date: new Date().toISOString(),
    machine: machineAtStart,
    settings: {
      Lighthouse: lhr.lighthouseVersion,
      browser: /Chrome\/[\d.]+/.exec(lhr.environment.hostUserAgent)?.[0] ?? 'Chromium',
      'form factor': 'mobile (Lighthouse default)',
      throttling: 'simulated slow 4G, 4× CPU slowdown',
      'runs per page': runs,
    },
    results: [],
    table: {
      columns: ['Page', ...categories.map((category) => category.label), ...metrics.map((metric) => metric.label)],
      rows: measured.map((row) => [
        `${row.page.label} (${row.page.path})`,
        ...categories.map((category) => row.scores[category.id]),
        ...metrics.map((metric) => row.metrics[metric.id]),
      ]),
    },
    figures: categories.map((category) => {
      const row = lowest(category);
      return {
        label: `lowest ${category.label.toLowerCase()} score (${row.page.path})`,
        value: row.scores[category.id],
        goal: category.goal === 100 ? '100' : `≥ ${category.goal}`,
        met: row.scores[category.id] >= category.goal,
      };
    }),
    notes: [
      `Every score is the median of ${runs} runs; the metrics are those of the run with the median performance score. Performance uses Lighthouse's simulated throttling: network times are computed from what the page loads (so first-load JavaScript delays the paint metrics), CPU times are observed and slowed down 4×, so other work on the machine stretches them (TBT).`,
      'Public pages are rendered once before the runs, so they come from the page cache as in production. The overview is opened with the session cookie of a login through the real form (Lighthouse sends it as an extra header).',
      ...measured.flatMap((row) =>
        row.shortfalls.length > 0 ? [`${row.page.path} loses points on: ${row.shortfalls.join('; ')}.`] : [],
      ),
    ],
  });
} finally {
  await app.stop();
  rmSync(work, { recursive: true, force: true });
}

/**
 * One Lighthouse report of `url`. A run whose trace went wrong (Lighthouse asks to run it again,
 * which happens when the machine is very busy) is repeated, twice at most.
 */
async function runLighthouse(url, page, headers, attemptsLeft = 3) {
  const result = await inFreshBrowser((port) =>
    lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories.map((category) => category.id),
      extraHeaders: headers,
      skipAudits: page.skipAudits,
    }),
  );
  const failure = result?.lhr ? result.lhr.runtimeError?.message : 'Lighthouse gave no report';
  if (failure) {
    if (attemptsLeft > 1) {
      console.warn(`  ${page.path}: ${failure} Running it again.`);
      return runLighthouse(url, page, headers, attemptsLeft - 1);
    }
    throw new Error(`${url}: ${failure}`);
  }
  if (result.lhr.finalDisplayedUrl !== url) {
    throw new Error(`${url} ended at ${result.lhr.finalDisplayedUrl} (was the session refused?)`);
  }
  return result.lhr;
}

/**
 * Every run in a new browser with an empty profile. Lighthouse keeps cookies between runs, and a
 * cookie in the browser's jar (such as the CSRF cookie a form page sets) replaces the Cookie header
 * given as `extraHeaders`, so a second run of the overview would arrive without its session.
 */
async function inFreshBrowser(run) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    // The e2e tests' Chromium: no traffic of its own, so only the page is measured.
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  try {
    return await run(chrome.port);
  } finally {
    chrome.kill();
  }
}

/** Median scores (0–100) of several runs of one page, that run's metrics, and what cost points. */
function summarise(reports) {
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const scores = Object.fromEntries(
    categories.map((category) => [category.id, median(reports.map((lhr) => score(lhr, category.id)))]),
  );
  const typical = reports.find((lhr) => score(lhr, 'performance') === scores.performance) ?? reports[0];
  const shortfalls = [];
  for (const category of categories) {
    for (const ref of typical.categories[category.id]?.auditRefs ?? []) {
      const audit = typical.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        shortfalls.push(`${audit.title} (${category.label}${audit.displayValue ? `, ${audit.displayValue}` : ''})`);
      }
    }
  }
  return {
    scores,
    metrics: Object.fromEntries(metrics.map((metric) => [metric.id, typical.audits[metric.id]?.displayValue ?? '–'])),
    shortfalls,
    environmentOf: typical,
  };
}

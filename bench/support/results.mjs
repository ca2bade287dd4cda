// What every benchmark does with its figures: describe the machine, write bench/results/<name>.json
// (the input of the summary, bench/run-all.mjs) and print the same figures on the console.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/build.mjs';
import { projectNodeVersion } from '../../scripts/runtime.mjs';

/** The machine and its load when the benchmark starts; warns when other work will disturb the figures. */
export function machine() {
  const loadAverage = Math.round(loadavg()[0] * 100) / 100;
  if (loadAverage > cpus().length / 2) {
    console.warn(`Note: load average ${loadAverage} on ${cpus().length} CPUs; other work will disturb the figures.`);
  }
  // The servers' Node.js (bench/support/app.mjs), which may not be the load generator's.
  return { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: projectNodeVersion, loadAverage };
}

/** Writes the result file and prints its table, rows and figures. */
export function report(result) {
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', `${result.name}.json`), `${JSON.stringify(result, null, 2)}\n`);

  console.log(`\n${result.title}`);
  if (result.table) {
    console.log(`  ${result.table.columns.join(' | ')}`);
    for (const row of result.table.rows) console.log(`  ${row.join(' | ')}`);
  }
  for (const row of result.results) {
    const { p50, p99 } = row.latencyMs;
    const cpu = row.cpuMicrosPerRequest;
    console.log(
      `  ${row.label.padEnd(48)} ${String(row.requestsPerSecond).padStart(6)} req/s   p50 ${p50} ms   p99 ${p99} ms` +
        `   CPU per request: server ${cpu.server ?? '?'} µs, load generator ${cpu.loadGenerator} µs`,
    );
  }
  for (const figure of result.figures) {
    const goal = figure.goal ? `  (goal ${figure.goal}: ${figure.met ? 'met' : 'NOT met'})` : '';
    console.log(`  ${figure.label}: ${figure.value}${goal}`);
  }
}

/** `a / b` to three decimals, or undefined when either is unknown. */
export function ratio(a, b) {
  return a === undefined || b === undefined || b === 0 ? undefined : Math.round((a / b) * 1000) / 1000;
}

#!/usr/bin/env node
// `npm run bench`: runs every benchmark script bench/*.mjs (except this one), one after the other,
// each in its own process on the project's Node.js (scripts/runtime.mjs), then writes the Markdown
// summary bench/results/latest.md from the JSON figures they left in bench/results/<script
// name>.json. Arguments filter scripts by name: `node bench/run-all.mjs public-page` runs only the
// scripts whose name contains "public-page"; the summary still lists every script's latest figures.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { root } from '../scripts/build.mjs';
import { projectNode } from '../scripts/runtime.mjs';

const benchDir = path.join(root, 'bench');
const resultsDir = path.join(benchDir, 'results');
const filters = process.argv.slice(2);

const scripts = readdirSync(benchDir)
  .filter((file) => file.endsWith('.mjs') && file !== 'run-all.mjs')
  .map((file) => path.basename(file, '.mjs'))
  .sort();
const selected = scripts.filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)));

const failed = [];
for (const name of selected) {
  console.log(`\n=== bench/${name}.mjs`);
  const started = Date.now();
  const { status, signal } = spawnSync(projectNode, [path.join(benchDir, `${name}.mjs`)], {
    cwd: root,
    stdio: 'inherit',
  });
  const resultFile = path.join(resultsDir, `${name}.json`);
  if (status !== 0) failed.push(`${name} (${signal ?? `exit code ${status}`})`);
  else if (!existsSync(resultFile) || statSync(resultFile).mtimeMs < started) {
    failed.push(`${name} (wrote no bench/results/${name}.json)`);
  }
}

const summary = await prettier.format(markdown(scripts), {
  ...(await prettier.resolveConfig(path.join(resultsDir, 'latest.md'))),
  parser: 'markdown',
});
writeFileSync(path.join(resultsDir, 'latest.md'), summary);
console.log(`\nSummary written to bench/results/latest.md`);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}

/**
 * Every script's figures. A result file holds { name, title, date, machine, settings, results,
 * figures, notes? }: `results` are rows (label, requestsPerSecond, latencyMs, cpuMicrosPerRequest),
 * `figures` the derived numbers (label, value, goal?, met?); `table` ({ columns, rows }) optional
 * rows of other measurements.
 */
function markdown(names) {
  const lines = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (`bench/run-all.mjs`) from the JSON figures in `bench/results/`, which are not committed.',
    'Load comes from autocannon in the benchmark process; each server runs in its own child process.',
    '',
  ];
  for (const name of names) {
    const file = path.join(resultsDir, `${name}.json`);
    if (!existsSync(file)) {
      lines.push(`## ${name}`, '', 'No figures yet: run `npm run bench`.', '');
      continue;
    }
    const result = JSON.parse(readFileSync(file, 'utf8'));
    const { machine, settings } = result;
    lines.push(`## ${result.title}`, '');
    lines.push(
      `\`bench/${name}.mjs\`, run ${result.date.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} on ${machine.cpus} × ${machine.cpu}, ` +
        `Node ${machine.node}${machine.loadAverage === undefined ? '' : `, load average ${machine.loadAverage} at start`}.`,
      '',
    );
    lines.push(
      `Settings: ${Object.entries(settings)
        .map(([key, value]) => `${key} ${value}`)
        .join(', ')}.`,
      '',
    );
    if (result.table) {
      // Scripts that measure something other than request rates bring their own columns.
      lines.push(`| ${result.table.columns.join(' | ')} |`, `| ${result.table.columns.map(() => '---').join(' | ')} |`);
      for (const row of result.table.rows) lines.push(`| ${row.join(' | ')} |`);
    }
    if (result.results.length > 0) {
      lines.push(
        '| Server | Requests/s | p50 latency | p99 latency | Server CPU per request | Load generator CPU per request |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
      );
    }
    for (const row of result.results) {
      const cpu = row.cpuMicrosPerRequest ?? {};
      lines.push(
        `| ${row.label} | ${row.requestsPerSecond} | ${row.latencyMs.p50} ms | ${row.latencyMs.p99} ms | ` +
          `${cpu.server ?? '–'} µs | ${cpu.loadGenerator ?? '–'} µs |`,
      );
    }
    lines.push('');
    for (const figure of result.figures ?? []) {
      const goal = figure.goal ? ` (goal ${figure.goal}: ${figure.met ? 'met' : '**not met**'})` : '';
      lines.push(`- ${figure.label}: **${figure.value}**${goal}`);
    }
    for (const note of result.notes ?? []) lines.push(`- ${note}`);
    lines.push('');
  }
  return lines.join('\n');
}

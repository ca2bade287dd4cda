#!/usr/bin/env node
// `npm test`: every check that can fail — typecheck, lint, formatting and the production build
// side by side, then unit and integration tests (Vitest, on PGlite and, with TEST_DATABASE_URL and
// TEST_REDIS_URL, on PostgreSQL and Redis; integration tests start the built app), end-to-end tests
// in Chromium (Playwright). The build, the tests and the servers they start run on the Node.js the
// app runs on (scripts/runtime.mjs), whichever Node.js started this script. Every stage runs even
// after a failure, so one run shows all problems; the exit code is non-zero if any stage failed. The
// last lines name every failed test with the first line of its error (a log that keeps only its
// tail still says what failed) and sum up the test counts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { projectNode, projectNodeVersion } from './runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/**
 * The stages in order; the checks of the second step share no output and no files (typegen has
 * written the route types they read), so they run side by side and print their output when done.
 */
const steps = [
  [['typecheck', bin('react-router'), ['typegen']]],
  [
    ['typecheck', bin('tsc'), ['--noEmit']],
    ['lint', bin('eslint'), ['.', '--max-warnings=0']],
    ['format', bin('prettier'), ['--check', '.']],
    ['build', projectNode, [path.join('scripts', 'build.mjs')]],
  ],
  [
    [
      'unit and integration',
      projectNode,
      [bin('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile=${results}/vitest.json`],
    ],
  ],
  [['end-to-end', projectNode, [bin('playwright'), 'test']]],
];
console.log(`Node.js of the app and its tests: ${projectNodeVersion} (${projectNode})`);

const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json` };
const heading = (name, command, args) => `\n=== ${name}: ${path.basename(command)} ${args.join(' ')}`;
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/** One stage with the terminal to itself; resolves with its exit code. */
function runAlone([name, command, args]) {
  console.log(heading(name, command, args));
  const started = performance.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env });
  console.log(`=== ${name}: ${status === 0 ? 'passed' : 'failed'} in ${seconds(started)}`);
  return status;
}

/** One stage among others: its output is kept and printed in one piece when it ends. */
function runBeside([name, command, args]) {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) => {
      console.log(heading(name, command, args));
      process.stdout.write(Buffer.concat(output));
      console.log(`=== ${name}: ${status === 0 ? 'passed' : 'failed'} in ${seconds(started)}`);
      resolve(status);
    });
  });
}

const failed = [];
for (const step of steps) {
  const statuses = step.length === 1 ? [runAlone(step[0])] : await Promise.all(step.map(runBeside));
  statuses.forEach((status, index) => {
    if (status !== 0) failed.push(step[index][0]);
  });
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const vitest = readJson(`${results}/vitest.json`);
const playwright = readJson(`${results}/playwright.json`);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failedTests = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest ? vitest.numPendingTests + vitest.numTodoTests : 0) + (playwright?.stats?.skipped ?? 0);

// Vitest's JSON: testResults[].assertionResults[]; Playwright's: suites nest suites and specs.
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')[0]
    .slice(0, 300);
const failedVitestTests = (run) =>
  (run?.testResults ?? []).flatMap((file) => {
    const where = `vitest ${path.relative(root, file.name)}`;
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    // A file that fails outside its tests (an import, a hook) has no failed test to name.
    return tests.length === 0 && file.status === 'failed' ? [`${where}: ${firstLine(file.message)}`] : tests;
  });
const failedPlaywrightTests = (suite) => [
  ...(suite.specs ?? [])
    .filter((spec) => !spec.ok)
    .map((spec) => {
      const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error;
      return `end-to-end ${spec.file} > ${spec.title}: ${firstLine(error?.message)}`;
    }),
  ...(suite.suites ?? []).flatMap(failedPlaywrightTests),
];
const failures = [...failedVitestTests(vitest), ...(playwright?.suites ?? []).flatMap(failedPlaywrightTests)];

console.log('');
if (failures.length > 0) console.log(`Failed tests:\n${failures.map((line) => `  ${line}`).join('\n')}`);
if (failed.length > 0) console.log(`Failed stages: ${[...new Set(failed)].join(', ')}`);
console.log(`tests: ${passed} passed, ${failedTests} failed, ${skipped} skipped`);
process.exit(failed.length > 0 ? 1 : 0);

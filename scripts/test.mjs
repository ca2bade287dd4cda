#!/usr/bin/env node
// `npm test`: every check that can fail, in order — typecheck, lint, production build, unit and
// integration tests (Vitest, on PGlite and, with TEST_DATABASE_URL and TEST_REDIS_URL, on
// PostgreSQL and Redis; integration tests start the built app), end-to-end tests in Chromium
// (Playwright). With TEST_LTS_NODE (a second Node.js binary: .ci/run installs the current LTS), the
// unit and integration tests run once more on it, integration tests' servers included. Every stage
// runs even after a failure, so one run shows all problems; the exit code is non-zero if any stage
// failed. The last lines name every failed test with the first line of its error (a log that keeps
// only its tail still says what failed) and sum up the test counts of every run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const stages = [
  ['typecheck', bin('react-router'), ['typegen']],
  ['typecheck', bin('tsc'), ['--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['format', bin('prettier'), ['--check', '.']],
  ['build', process.execPath, [path.join('scripts', 'build.mjs')]],
  [
    'unit and integration',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile=${results}/vitest.json`],
  ],
  ['end-to-end', bin('playwright'), ['test']],
];
const ltsNode = process.env.TEST_LTS_NODE;
if (ltsNode) {
  const version = spawnSync(ltsNode, ['--version'], { encoding: 'utf8' }).stdout.trim() || 'missing';
  stages.push([
    `unit and integration on Node ${version}`,
    ltsNode,
    [
      path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${results}/vitest-lts.json`,
    ],
  ]);
}

const failed = [];
for (const [name, command, args] of stages) {
  console.log(`\n=== ${name}: ${path.basename(command)} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json` },
  });
  if (status !== 0) failed.push(name);
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const vitestRuns = [readJson(`${results}/vitest.json`), readJson(`${results}/vitest-lts.json`)];
const playwright = readJson(`${results}/playwright.json`);
const sum = (count) => vitestRuns.reduce((total, run) => total + (run ? count(run) : 0), 0);
const passed = sum((run) => run.numPassedTests) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failedTests = sum((run) => run.numFailedTests) + (playwright?.stats?.unexpected ?? 0);
const skipped = sum((run) => run.numPendingTests + run.numTodoTests) + (playwright?.stats?.skipped ?? 0);

// Vitest's JSON: testResults[].assertionResults[]; Playwright's: suites nest suites and specs.
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')[0]
    .slice(0, 300);
const failedVitestTests = (run, label) =>
  (run?.testResults ?? []).flatMap((file) => {
    const where = `${label} ${path.relative(root, file.name)}`;
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
const failures = [
  ...failedVitestTests(vitestRuns[0], 'vitest'),
  ...failedVitestTests(vitestRuns[1], 'vitest (LTS)'),
  ...(playwright?.suites ?? []).flatMap(failedPlaywrightTests),
];

console.log('');
if (failures.length > 0) console.log(`Failed tests:\n${failures.map((line) => `  ${line}`).join('\n')}`);
if (failed.length > 0) console.log(`Failed stages: ${[...new Set(failed)].join(', ')}`);
console.log(`tests: ${passed} passed, ${failedTests} failed, ${skipped} skipped`);
process.exit(failed.length > 0 ? 1 : 0);

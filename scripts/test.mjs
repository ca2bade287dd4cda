#!/usr/bin/env node
// `npm test`: every check that can fail, in order — typecheck, lint, production build, unit and
// integration tests (Vitest, on PGlite and, with TEST_DATABASE_URL and TEST_REDIS_URL, on
// PostgreSQL and Redis; integration tests start the built app), end-to-end tests in Chromium
// (Playwright). The build, the tests and the servers they start run on the Node.js the app runs on
// (scripts/runtime.mjs), whichever Node.js started this script. Every stage runs even after a
// failure, so one run shows all problems; the exit code is non-zero if any stage failed. The last
// lines name every failed test with the first line of its error (a log that keeps only its tail
// still says what failed) and sum up the test counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { projectNode, projectNodeVersion } from './runtime.mjs';

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
  ['build', projectNode, [path.join('scripts', 'build.mjs')]],
  [
    'unit and integration',
    projectNode,
    [bin('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile=${results}/vitest.json`],
  ],
  ['end-to-end', projectNode, [bin('playwright'), 'test']],
];
console.log(`Node.js of the app and its tests: ${projectNodeVersion} (${projectNode})`);

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

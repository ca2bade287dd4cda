#!/usr/bin/env node
// `npm test`: every check that can fail, in order — typecheck, lint, production build, unit and
// integration tests (Vitest, on PGlite and, with TEST_DATABASE_URL and TEST_REDIS_URL, on
// PostgreSQL and Redis; integration tests start the built app), end-to-end tests in Chromium
// (Playwright). Every stage runs even after a failure, so one run shows all problems; the exit
// code is non-zero if any stage failed. The last line sums up the test counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);

console.log('');
if (failed.length > 0) console.log(`Failed stages: ${[...new Set(failed)].join(', ')}`);
console.log(`tests: ${passed} passed, ${failedTests} failed, ${skipped} skipped`);
process.exit(failed.length > 0 ? 1 : 0);

#!/usr/bin/env node
// Logins per second against what the password check alone allows on this machine. The app gets the
// login form's POST as a browser sends it (CSRF cookie and token, same origin), with the seeded demo
// customer's right password; every login makes a new session. The yardstick is a plain node:http
// server doing one argon2id verification per request against the same stored hash (so with the
// app's parameters) and nothing else (bench/support/argon2-server.mjs). Both run as child processes
// and are loaded in turns (bench/support/load.mjs). Goal: at least 0.8 of the yardstick's rate.
//
//   node bench/login-vs-argon2.mjs
//   BENCH_SECONDS=10 BENCH_ROUNDS=5 BENCH_WARMUP_SECONDS=2 BENCH_CONNECTIONS=10 (the defaults)
//
// Writes bench/results/login-vs-argon2.json.
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild, root } from '../scripts/build.mjs';
import { startApp } from './support/app.mjs';
import { checked, measureInTurns, settings, settingsForSummary } from './support/load.mjs';
import { demoCustomer, logIn, loginPath, loginRequest, openLoginForm } from './support/login.mjs';
import { startChild } from './support/processes.mjs';
import { machine, report } from './support/results.mjs';

const name = 'login-vs-argon2';
const goal = 0.8;

ensureBuild();
const machineAtStart = machine();
const work = mkdtempSync(path.join(tmpdir(), 'bench-login-'));
const children = [];
try {
  console.log('Starting the app once to seed its database, reading the demo customer’s hash ...');
  await (await startApp(work, 'login')).stop();
  const hash = await storedPasswordHash(path.join(work, 'data-login'));

  console.log('Starting the app and the argon2 server ...');
  const app = await startApp(work, 'login', { LOG_LEVEL: 'info' });
  children.push(app);
  const argon2 = await startChild(path.join(root, 'bench', 'support', 'argon2-server.mjs'), {
    args: [hash, demoCustomer.password],
    logFile: path.join(work, 'argon2.log'),
  });
  children.push(argon2);
  // A login through the form works and gives a session; the load repeats its POST.
  await logIn(app.url);
  const form = await openLoginForm(app.url);

  console.log(`Loading app and argon2 server in ${settings.rounds} rounds ...`);
  const appLogin = loginRequest(app.url, form);
  const turns = await measureInTurns(
    [
      { key: 'app', pid: app.pid, ...appLogin },
      { key: 'argon2', pid: argon2.pid, ...appLogin, url: argon2.url + loginPath },
    ],
    { onRound: (round) => console.log(`  round ${round} done`) },
  );
  const appResult = checked('app', turns.app);
  const argon2Result = checked('argon2', turns.argon2);
  const ratio = Math.round((appResult.requestsPerSecond / argon2Result.requestsPerSecond) * 1000) / 1000;

  report({
    name,
    title: 'Logins per second vs. argon2id verifications per second',
    date: new Date().toISOString(),
    machine: machineAtStart,
    settings: {
      path: loginPath,
      ...settingsForSummary,
      argon2: hash.split('$').slice(1, 4).join(' '),
    },
    results: [
      { label: 'app, login form POST (302, new session)', ...appResult },
      { label: 'node:http, argon2id verify only', ...argon2Result },
    ],
    figures: [{ label: 'ratio app/argon2', value: ratio, goal: `≥ ${goal}`, met: ratio >= goal }],
    notes: [
      'Every app request is a complete login: CSRF and origin check, form parsing, the brute-force gate, the customer lookup, argon2id verification, a new session row and the 302 with its cookie. The same CSRF cookie and token serve all requests, as for one browser logging in again and again; no session cookie is sent, so every login makes a new session.',
      'Only failed logins are limited (5 per account before a wait, 50 per IP address and hour); successful ones reset the account’s count, so the benchmark uses the right password and meets no limit, and the app runs with its default settings.',
      'The yardstick verifies the demo customer’s stored hash (read from the app’s database before the run), so its parameters are the app’s. Its HTTP handling costs well under 1 % of a verification. Both use libuv’s thread pool (4 threads) for argon2 on this machine’s CPUs, so the ratio shows the app’s work besides the hash, which competes for the same cores.',
    ],
  });
} finally {
  await Promise.all(children.map((child) => child.stop()));
  rmSync(work, { recursive: true, force: true });
}

/** The demo customer's password hash as the app stored it; the app must not be running. */
async function storedPasswordHash(dataDir) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const { rows } = await db.query('select password_hash from customers where email = $1', [demoCustomer.email]);
    if (!rows[0]) throw new Error(`no ${demoCustomer.email} in the seeded database`);
    return rows[0].password_hash;
  } finally {
    await db.close();
  }
}

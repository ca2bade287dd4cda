// The app under test as a child process, started exactly as `npm start` starts it: scripts/start.mjs,
// with the production build, the defaults of a local run (PGlite, bundled content, page cache on,
// LOG_LEVEL info, the seeded demo customer), and only settings a user sets: the port, the data folder
// and, where a benchmark names them, the database, Redis and the secrets several instances share.
// Its output goes to a file, as a log collector would take it.
import { fork } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { root } from '../../scripts/build.mjs';
import { projectNode } from '../../scripts/runtime.mjs';

/**
 * Every setting of the app (`.env.example` lists them all): none may come from the caller's shell,
 * which could point the app at other services or change what is measured.
 */
const appSettings = new Set(
  [...readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]),
);

/** The environment `npm start` would get from a user's shell holding only `settings`. */
export function appEnv(settings = {}) {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (appSettings.has(key)) delete env[key];
  return { ...env, ...settings };
}

/**
 * Starts the app with its data in `<work>/data-<id>` and its log in `<work>/app-<id>.log` on a free
 * port; `settings` are environment variables a user would set (README, "Configuration"). Resolves to
 * { url, pid, stop() } once `/readyz` answers 200: migrated, seeded and serving.
 */
export async function startApp(work, id, settings = {}) {
  const port = settings.PORT ?? String(await freePort());
  const logFile = path.join(work, `app-${id}.log`);
  const log = openSync(logFile, 'a');
  const child = fork(path.join(root, 'scripts', 'start.mjs'), [], {
    execPath: projectNode,
    // For a profile of the app under a benchmark's load (e.g. `BENCH_NODE_ARGS=--cpu-prof`); figures taken with
    // it are not the app as `npm start` runs it.
    execArgv: process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [],
    cwd: root,
    env: appEnv({ DATA_DIR: path.join(work, `data-${id}`), ...settings, PORT: port }),
    stdio: ['ignore', log, log, 'ipc'],
  });
  closeSync(log);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  // The app listens on loopback (HOST's default on a local run).
  const url = `http://127.0.0.1:${port}`;
  let stopped = false;
  exited.then(() => (stopped = true));
  for (let waited = 0; ; waited += 200) {
    if (stopped) throw new Error(`the app exited before it was ready; see ${logFile}`);
    if (waited > 120_000) throw new Error(`the app was not ready after 2 minutes; see ${logFile}`);
    const ready = await globalThis.fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    await sleep(200);
  }
  return {
    url,
    pid: child.pid,
    logFile,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

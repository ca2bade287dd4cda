// The app under test as a child process: the production build (bench/support/app-server.mjs) in a
// fresh DATA_DIR of the benchmark's work folder, its output going to a file there.
import path from 'node:path';
import { root } from '../../scripts/build.mjs';
import { startChild } from './processes.mjs';

/** Settings of the caller's shell that could point the app at other services or change what is measured. */
const foreignSettings = /^(DATABASE_URL|CMS_|REDIS_URL|SMTP_URL|GEOCODER_|PUBLIC_URL|PAGE_CACHE|CLIENT|NODE_ENV|DEMO_)/;

/**
 * The app's environment: as in production (PGlite, bundled content, page cache on, the seeded demo
 * customer with its default password), on loopback, on a port of its own choosing, and `settings` on top.
 */
export function appEnv(settings = {}) {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (foreignSettings.test(key)) delete env[key];
  return { ...env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...settings };
}

/**
 * Starts the app with its data in `<work>/data-<id>` and its log in `<work>/app-<id>.log`; `env`
 * adds to appEnv(). Resolves to { url, pid, stop() } once it listens.
 */
export function startApp(work, id, env = {}) {
  return startChild(path.join(root, 'bench', 'support', 'app-server.mjs'), {
    env: appEnv({ DATA_DIR: path.join(work, `data-${id}`), ...env }),
    logFile: path.join(work, `app-${id}.log`),
  });
}

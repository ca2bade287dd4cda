#!/usr/bin/env node
// `npm start`: builds when the sources changed since the last build, then serves the production
// build. Migrations and seeding run inside the server's start-up.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './build.mjs';
import { printStartBanner, stopOnSignals } from './start-banner.mjs';

// React picks its production or development build by NODE_ENV when it is first imported, which the
// server build does: set it before that. The development build takes about 1.5 times the CPU per page.
process.env.NODE_ENV ??= 'production';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

try {
  ensureBuild();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const { startServer } = await import(path.join(root, 'build', 'server', 'index.js'));
const app = await startServer(process.env).catch((error) => {
  // A refused setting is said in one line; anything else with its stack.
  console.error(error?.name === 'ConfigError' ? error.message : error);
  process.exit(1);
});
printStartBanner(app);
stopOnSignals(app);

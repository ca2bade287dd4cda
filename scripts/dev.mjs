#!/usr/bin/env node
// `npm run dev`: the server of `npm start` with the same routes and services, on the sources
// instead of a build. Vite, in middleware mode, compiles modules when they are asked for, reloads
// the server's modules that changed before the next request and updates the browser on every edit.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printStartBanner, stopOnSignals } from './start-banner.mjs';

// Before Vite and React load: React's development build, with its warnings.
process.env.NODE_ENV ??= 'development';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const { createServer } = await import('vite');
const vite = await createServer({
  root,
  server: { middlewareMode: true },
  appType: 'custom',
  optimizeDeps: {
    // Pre-bundled before the first page rather than found on it: a late find makes Vite reload the
    // page, and until then the browser holds two copies of React. The form kit comes with the form
    // pages' deferred chunks, drizzle-orm with route modules that query in their loaders.
    include: ['@conform-to/react', '@conform-to/zod/v4', 'zod', 'drizzle-orm', 'drizzle-orm/pg-core'],
    // Scanned in the loaders and actions of route modules, which never reach the browser; it has no
    // browser build to pre-bundle.
    exclude: ['@node-rs/argon2'],
  },
});
const { startServer } = await vite.ssrLoadModule('/server/app.ts');
const app = await startServer(process.env, {
  loadBuild: () => vite.ssrLoadModule('virtual:react-router/server-build'),
  middleware: vite.middlewares,
}).catch(async (error) => {
  console.error(error?.name === 'ConfigError' ? error.message : error);
  await vite.close();
  process.exit(1);
});
printStartBanner(app);
stopOnSignals(app, () => vite.close());

import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import type { ManualChunkMeta } from 'rollup';
import { fileURLToPath } from 'node:url';

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: '~', replacement: fileURLToPath(new URL('./app', import.meta.url)) },
      // Conform's zod adapter builds its coercion wrappers (lazy, optional, pipe, transform) with
      // classic zod, whose every schema carries every method and so brings all of it; mini's functions
      // of the same names build the same core schemas, as ours are (app/platform/validation.ts).
      { find: /^zod\/v4$/, replacement: 'zod/v4/mini' },
      // React Router's package exports only its development build, which prints warnings meant for
      // developers; the browser gets the production build it ships beside it (same code otherwise).
      ...(command === 'build' && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  // The server build bundles our own HTTP server (server/app.ts) together with the React Router
  // server build, so both share one module graph: one database handle, one configuration. One file:
  // the server has no use for the chunks that form pages load later in the browser (deferred-form.tsx).
  build: isSsrBuild
    ? { rollupOptions: { input: './server/app.ts', output: { inlineDynamicImports: true } }, target: 'node20' }
    : { target: 'es2022', rollupOptions: { output: { manualChunks: clientChunk } } },
  plugins: [reactRouter()],
}));

/**
 * Libraries only some pages need get chunks of their own; otherwise Rollup folds them into the
 * form kit's shared chunk and every form page (login included) loads them. React and React Router are one chunk that stays cached from one release to
 * the next; the app's code every page runs is another (`shellModules`). bench/page-weight.mjs shows
 * the effect.
 */
function clientChunk(id: string, meta: ManualChunkMeta): string | undefined {
  if (id.includes('/node_modules/ibantools/')) return 'iban';
  // With its configuration (app/platform/validation.ts), or that lands in the first chunk importing it.
  if (id.includes('/node_modules/zod/') || id.includes('/app/platform/validation.ts')) return 'zod';
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'framework';
  if (id.includes('/app/') && shellModules(meta).has(id)) return 'shell';
  return undefined;
}

let shell: { of: ManualChunkMeta['getModuleInfo']; modules: Set<string> } | undefined;

/**
 * The app's modules every customer page loads: the root route, the client entry and what the
 * customer's layouts import (main view, self-service, web view), in one chunk instead of two dozen
 * small ones (each file costs a request and compresses apart from the others). A module only some
 * pages import stays in their chunks; route modules keep chunks of their own.
 */
function shellModules({ getModuleIds, getModuleInfo }: ManualChunkMeta): Set<string> {
  if (shell?.of === getModuleInfo) return shell.modules;
  const modules = new Set<string>();
  const visit = (id: string) => {
    if (modules.has(id)) return;
    modules.add(id);
    imports(id).forEach(visit);
  };
  const imports = (id: string) => getModuleInfo(id)?.importedIds ?? [];
  const ids = [...getModuleIds()];
  ids.filter((id) => /\/app\/(root|entry\.client)\.tsx$/.test(id)).forEach(visit);
  ids.filter((id) => customerLayouts.test(id)).forEach((layout) => imports(layout).forEach(visit));
  shell = { of: getModuleInfo, modules };
  return modules;
}

const customerLayouts = /\/app\/routes\/layouts\/(main-view|self-service|embedded-service)-layout\.tsx$/;

function reactRouterProduction(file: string): string {
  return fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
}

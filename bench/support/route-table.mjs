// The app's route table (app/i18n/route-table.ts), loaded into a benchmark: bundled from the
// TypeScript source with esbuild, so that a benchmark measures exactly the pages the app declares.
import { build } from 'esbuild';
import { Buffer } from 'node:buffer';
import path from 'node:path';
import { root } from '../../scripts/build.mjs';

/** The module's exports: `pages`, `pageIdsOf(brand)`, `pagePath(id, locale)` and the rest. */
export async function loadRouteTable() {
  const { outputFiles } = await build({
    entryPoints: [path.join(root, 'app', 'i18n', 'route-table.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    alias: { '~': path.join(root, 'app') },
    logLevel: 'error',
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
}

#!/usr/bin/env node
// The one way the app gets built: `react-router build`, then a stamp of the sources it was built
// from (build/.source-stamp). `npm start`, the tests and the benchmarks build only when the stamp
// no longer matches; `npm run build` (this file run directly) always builds, and
// `node scripts/build.mjs --if-changed` only when the stamp no longer matches.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectNode } from './runtime.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const inputs = ['app', 'public', 'server', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];
const stampFile = path.join(root, 'build', '.source-stamp');

function sourceStamp() {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const entry = path.join(root, relative);
    if (!existsSync(entry)) return;
    const stats = statSync(entry);
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry).sort()) visit(path.join(relative, name));
    } else {
      hash.update(`${relative}:${stats.size}:${stats.mtimeMs}\n`);
    }
  };
  inputs.forEach(visit);
  return hash.digest('hex');
}

function isUpToDate(stamp) {
  return (
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === stamp &&
    existsSync(path.join(root, 'build', 'server', 'index.js'))
  );
}

/** Builds the app unless build/ already matches the sources (or always, with `force`). */
export function ensureBuild({ force = false } = {}) {
  const stamp = sourceStamp();
  if (!force && isUpToDate(stamp)) return;
  if (!force) console.log('Building the app (sources changed since the last build) ...');
  const result = spawnSync(
    projectNode,
    [path.join(root, 'node_modules', '@react-router', 'dev', 'bin.js'), 'build'],
    // A production build whatever the shell says: Vite builds the client's React by NODE_ENV.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error(`build failed with exit code ${result.status}`);
  writeFileSync(stampFile, stamp);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureBuild({ force: !process.argv.includes('--if-changed') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

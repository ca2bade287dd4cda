import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type LockEntry = { optionalDependencies?: Record<string, string> };
type Lockfile = { packages: Record<string, LockEntry> };

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as Lockfile;

/** Where Node would find `name` from the package installed at `from`: its own folder, then each parent's. */
function resolves(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (`${base ? `${base}/` : ''}node_modules/${name}` in lock.packages) return true;
    if (!base) return false;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

describe('package-lock.json', () => {
  // `npm ci` refuses a lock file that names an optional dependency without an entry for it; an `npm install` against a
  // registry that lacks one platform's binary writes exactly such a file, and CI then stops before the first test.
  it('has an entry for every optional dependency it names, so that `npm ci` accepts it', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolves(path, name))
        .map((name) => `${path || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });
});

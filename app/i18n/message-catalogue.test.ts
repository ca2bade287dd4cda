import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const appDir = path.resolve(__dirname, '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('the message catalogue in the browser', () => {
  it('comes with layouts, never from a page’s own route module', () => {
    const pageModules = filesUnder(path.join(appDir, 'routes')).filter(
      (file) => /\.tsx?$/.test(file) && !file.endsWith('-layout.tsx') && !file.includes('.test.'),
    );
    const importing = pageModules.filter((file) => readFileSync(file, 'utf8').includes('i18n/messages/complete'));
    expect(importing.map((file) => path.relative(appDir, file))).toEqual([]);
  });
});

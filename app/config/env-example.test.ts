import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSettings, settingNames } from './env.server';

const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
const assignment = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/;

/** The settings `.env.example` names: set ones (the defaults) and commented ones (unset by default). */
function exampleSettings() {
  const set: Record<string, string> = {};
  const named: string[] = [];
  for (const line of example.split('\n')) {
    const match = assignment.exec(line);
    if (!match) continue;
    const [, commented, name = '', value = ''] = match;
    named.push(name);
    if (!commented) set[name] = value;
  }
  return { set, named };
}

describe('.env.example', () => {
  it('names every setting of the configuration, each once, and nothing else', () => {
    const { named } = exampleSettings();
    expect([...named].sort()).toEqual([...settingNames].sort());
  });

  it('holds the defaults: its values configure exactly what no value does', () => {
    expect(parseSettings(exampleSettings().set)).toEqual(parseSettings({}));
  });
});

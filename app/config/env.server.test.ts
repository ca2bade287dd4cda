import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.server';

describe('configuration', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'config-'));

  it('runs with nothing set: port 3000, brand cab, embedded database, generated secrets', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, brand: 'cab', publicUrl: 'http://localhost:3000' });
    expect(config.env.DATABASE_URL).toBeUndefined();
    expect(config.sessionSecret).toHaveLength(43);
    expect(readFileSync(path.join(dir, 'secrets', 'session-secret'), 'utf8')).toBe(config.sessionSecret);
    // The generated secret survives a restart.
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('sends mail from the brand profile’s sender, unless MAIL_FROM_NAME or MAIL_FROM_ADDRESS say otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).brandProfile.mailSender).toEqual({
      name: 'Call a Bike Kundenservice',
      address: 'kundenservice@callabike.example',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), CLIENT: 'flinkster' }).brandProfile.mailSender).toEqual({
      name: 'Flinkster Kundenservice',
      address: 'kundenservice@flinkster.example',
    });
    const configured = loadConfig({
      DATA_DIR: dataDir(),
      CLIENT: 'flinkster',
      MAIL_FROM_ADDRESS: 'service@carsharing.example',
    });
    expect(configured.brandProfile.mailSender).toEqual({
      name: 'Flinkster Kundenservice',
      address: 'service@carsharing.example',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_FROM_ADDRESS: 'no address' })).toThrow(/MAIL_FROM_ADDRESS/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_FROM_NAME: 'Evil\r\nBcc: x' })).toThrow(/MAIL_FROM_NAME/);
    // The former single setting is refused rather than ignored.
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_FROM: 'A <a@example.com>' })).toThrow(ConfigError);
  });

  it('treats empty variables as unset and trims the public URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: '',
      CMS_URL: ' ',
      PUBLIC_URL: 'https://example.com/',
    });
    expect(config.env.DATABASE_URL).toBeUndefined();
    expect(config.env.CMS_URL).toBeUndefined();
    expect(config.publicUrl).toBe('https://example.com');
  });

  it('refuses invalid settings with a message naming them', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), CLIENT: 'other' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', CMS_URL: 'not a url' })).toThrow(/PORT.*CMS_URL/);
  });
});

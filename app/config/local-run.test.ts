import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '~/platform/logger.server';
import { createServices } from '~/services.server';
import { loadConfig } from './env.server';
import { demoSeedWanted, devMailboxOpen, isLocalUrl } from './local-run';
import { recordingStream } from '../../tests/support/recording-stream';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'local-run-'));

describe('a local run', () => {
  it.each([
    ['http://localhost:3000', true],
    ['http://127.0.0.1:4000', true],
    ['http://127.8.9.10', true],
    ['http://[::1]:3000', true],
    ['https://kunden.example.com', false],
    ['http://localhost.example.com', false],
    ['http://127.0.0.1.example.com', false],
    ['http://10.0.0.5:3000', false],
    ['http://[::2]:3000', false],
  ])('%s is local: %s', (url, local) => {
    expect(isLocalUrl(url)).toBe(local);
  });

  it('is what the default PUBLIC_URL and HOST make', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ localRun: true, host: '127.0.0.1' });
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://kunden.example.com' })).toMatchObject({
      localRun: false,
      host: '0.0.0.0',
    });
  });

  it('is no local run when the server listens beyond loopback, whatever PUBLIC_URL says', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0' }).localRun).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '::' }).localRun).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '::1' }).localRun).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', DEV_MAILBOX: 'on' })).toThrow(/local run only/);
  });
});

describe('the development mailbox and the demo customer', () => {
  const settings = (localRun: boolean, env: { DEV_MAILBOX?: 'on' | 'off'; DEMO_SEED?: '0' | '1' } = {}) => ({
    localRun,
    env,
  });

  it.each([
    { localRun: true, database: 'pglite', DEV_MAILBOX: undefined, open: true },
    { localRun: true, database: 'pglite', DEV_MAILBOX: 'off', open: false },
    { localRun: true, database: 'postgres', DEV_MAILBOX: undefined, open: false },
    { localRun: true, database: 'postgres', DEV_MAILBOX: 'on', open: true },
    { localRun: false, database: 'pglite', DEV_MAILBOX: undefined, open: false },
    { localRun: false, database: 'postgres', DEV_MAILBOX: undefined, open: false },
  ] as const)(
    'mailbox on a local run $localRun, $database database, DEV_MAILBOX $DEV_MAILBOX: open $open',
    ({ localRun, database, DEV_MAILBOX, open }) => {
      expect(devMailboxOpen(settings(localRun, { DEV_MAILBOX }), database)).toBe(open);
    },
  );

  it.each([
    { localRun: true, database: 'pglite', DEMO_SEED: undefined, seeded: true },
    { localRun: true, database: 'pglite', DEMO_SEED: '0', seeded: false },
    { localRun: true, database: 'postgres', DEMO_SEED: undefined, seeded: false },
    { localRun: false, database: 'pglite', DEMO_SEED: undefined, seeded: false },
    { localRun: false, database: 'postgres', DEMO_SEED: '1', seeded: true },
  ] as const)(
    'demo customer on a local run $localRun, $database database, DEMO_SEED $DEMO_SEED: seeded $seeded',
    ({ localRun, database, DEMO_SEED, seeded }) => {
      expect(demoSeedWanted(settings(localRun, { DEMO_SEED }), database)).toBe(seeded);
    },
  );

  it('refuses DEV_MAILBOX=on for a public address, naming where the mails would be', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://kunden.example.com', DEV_MAILBOX: 'on' }),
    ).toThrow('DEV_MAILBOX=on would publish every mail and SMS code at https://kunden.example.com/dev/mailbox');
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_MAILBOX: 'on' }).env.DEV_MAILBOX).toBe('on');
  });

  it('a start for a public address on the embedded database keeps mails, codes and the demo login to itself', async () => {
    const { lines, stream } = recordingStream();
    // A deployment sets STAFF_TOTP_KEY: without it, the start itself is refused (docs/rules/back-office.md#second-factor).
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://kunden.example.com',
      STAFF_TOTP_KEY: 'Vq3xZ8pL2mN7rT5wK9yB4cH6jD1fG0sA',
    });
    const services = await createServices(config, 'test', createLogger('info', stream));
    try {
      expect(services.database.kind).toBe('pglite');
      expect(services.demoLogin).toBeNull();
      expect(services.mail.mailboxEnabled).toBe(false);
      expect(services.sms.boxEnabled).toBe(false);

      services.onMailQueued(
        'kundin@example.org',
        'Passwort zurücksetzen',
        'https://kunden.example.com/passwort?token=secret-token',
      );
      const logged = lines.join('');
      expect(logged).toContain('Passwort zurücksetzen');
      expect(logged).not.toContain('secret-token');
      expect(logged).not.toContain('kundin@example.org');
      expect(logged).not.toContain('PUBLIC_URL is not https');
    } finally {
      await services.close();
    }
  }, 120_000);

  it('a start for a public address without TLS says that its cookies go without Secure', async () => {
    const { lines, stream } = recordingStream();
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'http://kunden.example.com',
      STAFF_TOTP_KEY: 'Vq3xZ8pL2mN7rT5wK9yB4cH6jD1fG0sA',
    });
    const services = await createServices(config, 'test', createLogger('info', stream));
    await services.close();
    expect(lines.join('')).toContain('PUBLIC_URL is not https: cookies are sent without Secure');
  }, 120_000);
});

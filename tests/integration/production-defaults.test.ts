import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDemoPassword, demoEmail } from '~/db/seed/demo.server';
import { pages } from '~/i18n/route-table';
import { appBuilt, launchApp, startAppServer, type AppServer } from '../support/app-server';
import { logLines } from '../support/scaled-out';
import { createVisitor, logIn } from '../support/visitor';

/**
 * What `npm start` does when nobody configured it for development (docs/decisions/0021): React's
 * production build, and development conveniences only for a local run (PUBLIC_URL on localhost).
 */
describe('npm start with no environment', () => {
  let app: AppServer;
  let loadedModules: () => Promise<string[]>;
  beforeAll(async () => {
    const recorder = await recordLoadedModules();
    loadedModules = recorder.read;
    // A first start: PGlite's initdb and every migration on an empty data folder.
    app = await startAppServer({}, { cleanEnvironment: true, nodeArgs: recorder.nodeArgs, emptyDataDir: true });
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('renders with React’s production build', async () => {
    expect((await createVisitor().get(app.url + pages.priceList.de)).status).toBe(200);
    expect(await app.stop()).toEqual({ code: 0, signal: null });
    const react = (await loadedModules()).filter((file) => /node_modules\/react(-dom)?\/cjs\//.test(file));
    expect(react).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/react\/cjs\/react\.production\.js$/),
        expect.stringMatching(/react-dom\/cjs\/react-dom-server\.node\.production\.js$/),
      ]),
    );
    expect(react.filter((file) => file.includes('development'))).toEqual([]);
  });

  it('is a local demo run: the mailbox and the demo customer are there', async () => {
    // The server of the first test has stopped; this one answers as the README says.
    const local = await startAppServer({}, { cleanEnvironment: true });
    try {
      expect((await createVisitor().get(local.url + '/dev/mailbox')).status).toBe(200);
      const login = await logIn(createVisitor(), {
        formFrom: local.url,
        email: demoEmail,
        password: defaultDemoPassword,
      });
      expect(login.status).toBe(302);
    } finally {
      await local.stop();
    }
  }, 240_000);
});

describe('a start for a public address (PUBLIC_URL https://kunden.example.com, on the embedded database)', () => {
  const publicUrl = 'https://kunden.example.com';
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ PUBLIC_URL: publicUrl });
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('names every stand-in in one warning', () => {
    const warnings = logLines(app).filter((line) => line.msg.startsWith('running with stand-ins'));
    expect(warnings).toHaveLength(1);
    const settings = (warnings[0]!.standIns as { setting: string }[]).map((standIn) => standIn.setting);
    expect(settings.sort()).toEqual(
      [
        'BANK_VERIFICATION_URL',
        'CMS_URL',
        'DATABASE_URL',
        'GEOCODER_URL',
        'PAYMENT_PROVIDER_URL',
        'SEPA_CREDITOR_ID',
        'SMS_GATEWAY_URL',
        'SMTP_URL',
      ].sort(),
    );
    // Readable in the structured field too, not hidden as a person's name would be.
    expect(warnings[0]!.standIns).toContainEqual({ standIn: 'offline gazetteer', setting: 'GEOCODER_URL' });
  });

  it('has no development mailbox and no demo customer', async () => {
    expect((await createVisitor().get(app.url + '/dev/mailbox')).status).toBe(404);
    const login = await logIn(createVisitor(), { formFrom: app.url, email: demoEmail, password: defaultDemoPassword });
    expect(login.status).toBe(200);
    expect(login.html).toContain('E-Mail-Adresse oder Passwort stimmen nicht.');
    expect(app.logs()).not.toContain('Demo customer');
  });

  it('answers the probes: /livez, /readyz and /health as documented', async () => {
    const livez = await fetch(`${app.url}/livez`);
    expect([livez.status, await livez.json()]).toEqual([200, { status: 'ok' }]);
    const readyz = await fetch(`${app.url}/readyz`);
    expect([readyz.status, await readyz.json()]).toEqual([200, { status: 'ready', database: 'up' }]);
    const health = await fetch(`${app.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', build: expect.any(String), database: 'up' });
  });

  it('refuses to start when a setting would publish the mailbox there', async () => {
    await expect(startAppServer({ PUBLIC_URL: publicUrl, DEV_MAILBOX: 'on' })).rejects.toThrow(
      /exited with code 1[\s\S]*DEV_MAILBOX=on would publish every mail and SMS code at https:\/\/kunden\.example\.com\/dev\/mailbox/,
    );
  }, 240_000);
});

/**
 * A module loaded before the start script (`--import`) that writes, as the process exits, which
 * CommonJS modules ran: React's entry points choose their production or development build there.
 */
async function recordLoadedModules(): Promise<{ nodeArgs: string[]; read: () => Promise<string[]> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'loaded-modules-'));
  const report = path.join(folder, 'loaded.json');
  const recorder = path.join(folder, 'record.mjs');
  await writeFile(
    recorder,
    [
      "import { writeFileSync } from 'node:fs';",
      "import { createRequire } from 'node:module';",
      'const cache = createRequire(import.meta.url).cache;',
      // Modules Node only parsed for their export names are cached too, but never ran.
      `process.on('exit', () => writeFileSync(${JSON.stringify(report)}, JSON.stringify(Object.keys(cache).filter((file) => cache[file].loaded))));`,
    ].join('\n'),
  );
  return {
    nodeArgs: ['--import', pathToFileURL(recorder).href],
    read: async () => JSON.parse(await readFile(report, 'utf8')) as string[],
  };
}

describe('a start whose PostgreSQL cannot be reached', () => {
  it('says in one line, without the password, that PostgreSQL cannot be reached', async () => {
    // Port 1: nothing listens there.
    const port = 1;
    const refused = startAppServer({ DATABASE_URL: `postgres://app:s3cret-password@127.0.0.1:${port}/selfservice` });
    const error = await refused.then(
      () => new Error('the app started'),
      (failure: unknown) => failure as Error,
    );
    expect(error.message).toMatch(/exited with code 1/);
    const output = error.message.slice(error.message.indexOf('--- server output ---'));
    expect(output).toContain(`DATABASE_URL: PostgreSQL at 127.0.0.1:${port} cannot be reached (ECONNREFUSED).`);
    expect(output).not.toContain('s3cret-password');
    expect(output).not.toMatch(/\n\s+at /);
  }, 240_000);

  it('ends at once even with a request under way on one of its connections', async () => {
    await appBuilt();
    // PostgreSQL's address takes the connection and hangs up after a second and a half: the start
    // fails while a client (a load balancer's probe) is in the middle of a request.
    const postgres = createServer((socket) => setTimeout(() => socket.destroy(), 1_500));
    await new Promise<void>((resolve) => postgres.listen(0, '127.0.0.1', resolve));
    const postgresPort = (postgres.address() as AddressInfo).port;
    const app = await launchApp({ DATABASE_URL: `postgres://app:pw@127.0.0.1:${postgresPort}/selfservice` });
    const exited = once(app.child, 'exit') as Promise<[number | null]>;
    let client: Socket | undefined;
    try {
      // The server listens before it opens the database.
      await expect
        .poll(
          async () => {
            client = await new Promise<Socket | undefined>((resolve) => {
              const socket = connect(Number(new URL(app.url).port), '127.0.0.1', () => resolve(socket));
              socket.on('error', () => resolve(undefined));
            });
            return client !== undefined;
          },
          { timeout: 60_000, interval: 50 },
        )
        .toBe(true);
      client!.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const [code] = await Promise.race([exited, delay(15_000).then(() => ['still running'] as const)]);
      expect(code, app.output()).toBe(1);
      expect(app.output()).toContain(`DATABASE_URL: PostgreSQL at 127.0.0.1:${postgresPort} cannot be reached`);
    } finally {
      client?.destroy();
      app.child.kill('SIGKILL');
      postgres.close();
      await rm(app.dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

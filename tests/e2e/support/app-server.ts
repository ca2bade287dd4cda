import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const startScript = path.join(root, 'scripts', 'start.mjs');
const startTimeoutMs = 180_000;

/** The draft-preview secret of every server the suite starts, so that a spec can open a preview. */
export const e2ePreviewSecret = 'e2e-preview-secret-not-for-production';

export interface AppServer {
  url: string;
  /** Everything the process wrote to stdout and stderr so far (JSON log lines at LOG_LEVEL=warn). */
  logs(): string;
  stop(): Promise<void>;
}

/**
 * Starts `node scripts/start.mjs` (which builds first when the sources changed) on a free port with
 * a fresh, empty DATA_DIR, and resolves once GET /health answers 200. `env` adds to or overrides the
 * defaults, e.g. `{ CLIENT: 'flinkster' }` or `{ DATABASE_URL }`.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-data-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';

  // One start at a time: a start may rebuild build/, which another start must not read half-written.
  const child = await withStartLock(async () => {
    const child = spawn(process.execPath, [startScript], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        // Links in mails (verification, password reset) lead back to this server.
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        CLIENT: 'cab',
        DATABASE_URL: '',
        CMS_URL: '',
        PREVIEW_SECRET: e2ePreviewSecret,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitForHealth(url, child);
    } catch (error) {
      await terminate(child);
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
    }
    return child;
  });

  return {
    url,
    logs: () => output,
    async stop() {
      await terminate(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app server exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await delay(200);
  }
  throw new Error(`The app server at ${url} was not healthy within ${startTimeoutMs / 1000} s`);
}

/** SIGTERM (the server finishes requests in flight and closes the database), SIGKILL after 10 s. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `task` while holding a lock file shared by the runner and its workers. The file names the
 * holder's pid, so a lock left behind by a killed run is recognised and taken over.
 */
async function withStartLock<T>(task: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `e2e-start-${createHash('sha1').update(root).digest('hex').slice(0, 12)}.lock`);
  for (;;) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (holder && !isAlive(holder)) await rm(lock, { force: true });
      else await delay(100);
    }
  }
  try {
    return await task();
  } finally {
    await rm(lock, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

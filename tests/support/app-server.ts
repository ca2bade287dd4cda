import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { withFileLock } from './file-lock';
import { freePort } from './free-port';
import { migratedPgliteDirectory } from './migrated-templates';

const root = fileURLToPath(new URL('../..', import.meta.url));
const startScript = path.join(root, 'scripts', 'start.mjs');
const buildScript = path.join(root, 'scripts', 'build.mjs');
const startTimeoutMs = 180_000;

/** The draft-preview secret of every server the tests start, so that a test can open a preview. */
export const testPreviewSecret = 'test-preview-secret-not-for-production';
/** The back office's TOTP key of every server the tests start (required outside a local run). */
export const testStaffTotpKey = 'test-staff-totp-key-not-for-production-0123456789';

export interface AppServer {
  url: string;
  /** Everything the process wrote to stdout and stderr so far (JSON log lines at LOG_LEVEL=warn). */
  logs(): string;
  /**
   * SIGTERM (the server finishes requests in flight and closes the database), SIGKILL after
   * `killAfterMs` (10 s); resolves with how the process ended.
   */
  stop(options?: { killAfterMs?: number }): Promise<ProcessExit>;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StartOptions {
  /**
   * Only the settings the test server needs (port, data folder, ...) and PATH: nothing of the test
   * runner's environment, NODE_ENV included, reaches the process.
   */
  cleanEnvironment?: boolean;
  /** Node.js options before the start script, e.g. `--import` of a test's own module. */
  nodeArgs?: string[];
  /**
   * On the embedded database, the data folder starts empty, as on a first `npm start`, and the
   * start runs PGlite's initdb and every migration (seconds). Otherwise it starts with a copy of a
   * migrated database (made once per migration set), and the start seeds it as any start does.
   */
  emptyDataDir?: boolean;
}

/**
 * Starts `node scripts/start.mjs` (the app is built first when the sources changed) on a free port
 * with a fresh DATA_DIR (see `StartOptions.emptyDataDir`), and resolves once GET /health answers
 * 200. `env` adds to or overrides the defaults, e.g. `{ CLIENT: 'flinkster' }` or `{ DATABASE_URL }`.
 */
export async function startAppServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<AppServer> {
  const [server] = await startAppServers(1, env, options);
  return server!;
}

/**
 * Starts `count` instances at the same moment, as a process manager starting a scaled-out
 * deployment does: same environment, each on its own port with its own DATA_DIR. For several
 * instances `env` names the shared PostgreSQL (`DATABASE_URL`) and secrets.
 */
export async function startAppServers(
  count: number,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<AppServer[]> {
  // One start at a time: a start may rebuild build/, which another start must not read half-written.
  return withStartLock(async () => {
    await buildIfChanged();
    const starts = await Promise.allSettled(Array.from({ length: count }, () => spawnApp(env, options)));
    const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
    const failure = starts.find((start) => start.status === 'rejected');
    if (failure) {
      await Promise.all(started.map((server) => server.stop()));
      throw failure.reason;
    }
    return started;
  });
}

async function buildIfChanged(): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [buildScript, '--if-changed'], { cwd: root, maxBuffer: 64 << 20 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`The app could not be built:\n${stdout}${stderr}`);
  }
}

/** A started app process, before anyone knows whether its start succeeds. */
export interface LaunchedApp {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output(): string;
}

/**
 * `node scripts/start.mjs` on a free port with a fresh DATA_DIR, without waiting for it: for tests of
 * what a start does while it runs or fails. The build must be there (`appBuilt`).
 */
export async function launchApp(env: Record<string, string> = {}, options: StartOptions = {}): Promise<LaunchedApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'app-data-'));
  if (!env.DATABASE_URL && !options.emptyDataDir) {
    await cp(await migratedPgliteDirectory(), path.join(dataDir, 'pglite'), { recursive: true });
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const inherited = options.cleanEnvironment ? { PATH: process.env.PATH } : { ...process.env, NODE_ENV: 'production' };
  // On SIGUSR2 the process writes a diagnostic report (its JavaScript stack, its handles) into its
  // data folder: what a start that never ends was doing.
  const diagnostics = ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${dataDir}`];
  const child = spawn(process.execPath, [...diagnostics, ...(options.nodeArgs ?? []), startScript], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Links in mails (verification, password reset) lead back to this server.
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CLIENT: 'cab',
      DATABASE_URL: '',
      CMS_URL: '',
      PREVIEW_SECRET: testPreviewSecret,
      STAFF_TOTP_KEY: testStaffTotpKey,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, url, dataDir, output: () => output };
}

/** Builds the app when its sources changed, as a start would (one build at a time). */
export function appBuilt(): Promise<void> {
  return withStartLock(buildIfChanged);
}

async function spawnApp(env: Record<string, string>, options: StartOptions): Promise<AppServer> {
  const { child, url, dataDir, output } = await launchApp(env, options);
  try {
    await waitForHealth(url, child);
  } catch (error) {
    const report = child.exitCode === null ? await diagnosticReport(child, dataDir) : '';
    await terminate(child, 10_000);
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output()}${report}`);
  }
  return {
    url,
    logs: output,
    async stop({ killAfterMs = 10_000 } = {}) {
      const exit = await terminate(child, killAfterMs);
      await rm(dataDir, { recursive: true, force: true });
      return exit;
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  let lastProbe = 'none yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app server exited with code ${child.exitCode} while starting`);
    try {
      // A probe the server does not answer is given up, so that the deadline holds.
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) });
      lastProbe = `${response.status} ${await response.text()}`;
      if (response.status === 200) return;
    } catch (error) {
      // Not listening yet.
      lastProbe = String((error as Error).cause ?? error);
    }
    await delay(200);
  }
  throw new Error(
    `The app server at ${url} was not healthy within ${startTimeoutMs / 1000} s ` +
      `(last probe: ${lastProbe}; process ${processState(child.pid)})`,
  );
}

/** The JavaScript stack and the open handles of a running app process, from Node's diagnostic report. */
async function diagnosticReport(child: ChildProcess, dataDir: string): Promise<string> {
  child.kill('SIGUSR2');
  for (let attempt = 0; attempt < 20; attempt++) {
    await delay(250);
    const file = (await readdir(dataDir)).find((name) => name.startsWith('report.') && name.endsWith('.json'));
    if (!file) continue;
    try {
      const report = JSON.parse(await readFile(path.join(dataDir, file), 'utf8')) as {
        javascriptStack?: { message?: string; stack?: string[] };
        libuv?: { type: string; is_active: boolean; remoteEndpoint?: unknown; localEndpoint?: unknown }[];
      };
      // A process that waits for I/O is in its event loop when the signal comes: no stack then, the handles tell.
      const stack = report.javascriptStack?.stack?.slice(0, 15).join('\n') ?? '(waiting in the event loop)';
      const handles = (report.libuv ?? [])
        .filter((handle) => handle.is_active && ['tcp', 'pipe', 'udp', 'process', 'timer'].includes(handle.type))
        .map(
          (handle) =>
            `${handle.type} ${JSON.stringify(handle.localEndpoint ?? '')} → ${JSON.stringify(handle.remoteEndpoint ?? '')}`,
        )
        .join('\n');
      return `\n--- diagnostic report ---\n${stack}\n--- active handles ---\n${handles}`;
    } catch {
      // Still being written.
    }
  }
  return '\n--- no diagnostic report ---';
}

/** Linux: the process's state and where it waits in the kernel, for a start that never ends. */
function processState(pid: number | undefined): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const wchan = readFileSync(`/proc/${pid}/wchan`, 'utf8');
    return `state ${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]}, waiting in ${wchan || 'nothing'}`;
  } catch {
    return `${pid ?? 'without pid'}, state unknown`;
  }
}

/** SIGTERM, then SIGKILL after `killAfterMs`; resolves with how the process ended (also when it already had). */
async function terminate(child: ChildProcess, killAfterMs: number): Promise<ProcessExit> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    await exited;
    clearTimeout(timer);
  }
  return { code: child.exitCode, signal: child.signalCode };
}

/** One start at a time across the runner and its workers (see `startAppServers`). */
function withStartLock<T>(task: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `app-start-${createHash('sha1').update(root).digest('hex').slice(0, 12)}.lock`);
  return withFileLock(lock, task);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

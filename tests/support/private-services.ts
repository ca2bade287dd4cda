import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { appendFile, chown, mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

/**
 * PostgreSQL and Redis servers of a test's own, on free ports with their files in a temporary
 * folder, made from the machine's binaries. A test may stop, restart or freeze them without
 * disturbing other tests or the machine's shared servers.
 */

const run = promisify(execFile);

export interface PrivatePostgres {
  /** Connection string of the `postgres` database as the `postgres` superuser (trust auth). */
  url: string;
  /** `fast` ends sessions and checkpoints; `immediate` stops at once, as a crash does (recovery at start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * A new PostgreSQL cluster (initdb) started with pg_ctl. PostgreSQL refuses to run as root, so as
 * root (CI, containers) its commands run as the `postgres` user, which then owns the folder.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = await postgresBinDir();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'private-postgres-'));
  const data = path.join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = await userIds('postgres');
    await chown(folder, uid, gid);
  }
  const postgresCommand = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  const pgCtl = (args: string[]) => postgresCommand('pg_ctl', ['-D', data, '-w', '-t', '60', ...args]);

  const port = await freePort();
  await postgresCommand('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  // postgresql.conf belongs to postgres already; appending keeps its owner.
  await appendFile(
    path.join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${folder}'`,
      'max_connections = 60',
      'shared_buffers = 32MB',
      '',
    ].join('\n'),
  );
  const logFile = path.join(folder, 'server.log');
  const start = async () => {
    await pgCtl(['-l', logFile, 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pgCtl(['-m', mode, 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async dispose() {
      await stop('immediate').catch(() => {});
      await rm(folder, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  /** Ends the server (SIGTERM); nothing is persisted, so it starts empty again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP: the port stays open and connections stay up, but nothing is answered. */
  freeze(): void;
  thaw(): void;
  dispose(): Promise<void>;
}

/** A redis-server child process on a free port, without persistence. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'private-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder];
    child = spawn('redis-server', args, { stdio: 'ignore' });
    const exited = new Promise<never>((_, reject) =>
      child!.once('exit', (code) => reject(new Error(`redis-server exited with ${code} while starting`))),
    );
    await Promise.race([waitForRedis(port), exited]);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    running.kill('SIGCONT');
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    async dispose() {
      await stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Answers PING with +PONG within 10 s. */
async function waitForRedis(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const answered = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
      socket.setTimeout(1_000, () => socket.destroy());
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('close', () => resolve(false));
      socket.once('error', () => {});
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`redis-server on port ${port} did not answer within 10 s`);
}

/** Where initdb and pg_ctl are: POSTGRES_BIN_DIR, else what pg_config says, else Debian's newest. */
async function postgresBinDir(): Promise<string> {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  try {
    return (await run('pg_config', ['--bindir'])).stdout.trim();
  } catch {
    const { stdout } = await run('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1']);
    if (!stdout.trim()) throw new Error('No PostgreSQL binaries found: set POSTGRES_BIN_DIR');
    return stdout.trim();
  }
}

async function userIds(user: string): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', user]), run('id', ['-g', user])]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

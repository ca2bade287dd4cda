import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '~/config/env.server';
import { openDatabase } from './client.server';
import { lockDataDirectory } from './data-directory-lock.server';

let directory: string;
let holder: ChildProcess | undefined;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'data-dir-lock-'));
});
afterEach(() => {
  holder?.kill('SIGKILL');
  holder = undefined;
  rmSync(directory, { recursive: true, force: true });
});

const lockFile = () => path.join(directory, 'pglite.lock');

/** Another process that takes the lock and keeps it until it is killed. */
async function lockInAnotherProcess(): Promise<ChildProcess> {
  const script = `import { lockDataDirectory } from './app/db/data-directory-lock.server.ts';
lockDataDirectory(${JSON.stringify(directory)}); console.log('held'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(line.toString().trim()).toBe('held');
  return child;
}

describe('the embedded database’s directory lock', () => {
  it('refuses a second process while the first has the directory, and takes over once it was killed', async () => {
    holder = await lockInAnotherProcess();
    expect(() => lockDataDirectory(directory)).toThrow(ConfigError);
    expect(() => lockDataDirectory(directory)).toThrow(`open in another process (pid ${holder.pid})`);

    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const lock = lockDataDirectory(directory);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('refuses a second opening in the same process until the first is released', () => {
    const first = lockDataDirectory(directory);
    expect(() => lockDataDirectory(directory)).toThrow(`pid ${process.pid}`);
    first.release();
    lockDataDirectory(directory).release();
  });

  it('takes over a lock whose process number now belongs to another process', () => {
    // The test runner's parent process runs, but started at another time than the lock says.
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    writeFileSync(lockFile(), JSON.stringify({ pid: process.ppid, boot, start: '1' }));
    lockDataDirectory(directory).release();

    // Without the start time only the process number counts: a running process holds it.
    writeFileSync(lockFile(), JSON.stringify({ pid: process.ppid }));
    expect(() => lockDataDirectory(directory)).toThrow(`pid ${process.ppid}`);

    // An ended process and an unreadable record hold nothing.
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lockFile(), JSON.stringify({ pid: ended }));
    lockDataDirectory(directory).release();
    writeFileSync(lockFile(), '{"pid":');
    lockDataDirectory(directory).release();
  });

  it('leaves a lock another process took over where it is on release', () => {
    const lock = lockDataDirectory(directory);
    writeFileSync(lockFile(), JSON.stringify({ pid: process.ppid }));
    lock.release();
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual({ pid: process.ppid });
  });

  it('keeps a second embedded database off the directory until the first is closed', async () => {
    const first = await openDatabase({ dataDir: directory });
    await expect(openDatabase({ dataDir: directory })).rejects.toThrow(ConfigError);
    await first.close();
    const second = await openDatabase({ dataDir: directory });
    expect(await second.ping()).toBe(true);
    await second.close();
    expect(existsSync(lockFile())).toBe(false);
  });
});

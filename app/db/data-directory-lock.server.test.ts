import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
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
const isLinux = process.platform === 'linux';

/** Opens the directory, which must succeed with the lock file then naming this process, and lets go. */
function expectTakenOver(): void {
  const lock = lockDataDirectory(directory);
  expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
  lock.release();
}

/** Another process that takes the lock and keeps it until it is killed. */
async function lockInAnotherProcess(): Promise<ChildProcess> {
  const script = `import { lockDataDirectory } from './app/db/data-directory-lock.server.ts';
lockDataDirectory(${JSON.stringify(directory)}); console.log('held'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the process holding the lock exited with ${String(code)} before it held it`);
  });
  const [line] = (await Promise.race([once(child.stdout!, 'data'), exited])) as [Buffer];
  expect(line.toString().trim()).toBe('held');
  return child;
}

describe('the embedded database’s directory lock', () => {
  it('refuses a second process while the first has the directory, and takes over once it was killed', async () => {
    holder = await lockInAnotherProcess();
    expect(() => lockDataDirectory(directory)).toThrow(ConfigError);
    expect(() => lockDataDirectory(directory)).toThrow(`open in another process (pid ${holder.pid} on ${hostname()})`);

    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const lock = lockDataDirectory(directory);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('refuses a second opening in the same process until the first is released, however the folder is spelled', () => {
    const first = lockDataDirectory(directory);
    expect(() => lockDataDirectory(directory)).toThrow(`pid ${process.pid}`);
    expect(() => lockDataDirectory(path.relative(process.cwd(), directory))).toThrow(`pid ${process.pid}`);
    first.release();
    lockDataDirectory(directory).release();
  });

  const here = { host: hostname(), ns: isLinux ? readlinkSync('/proc/self/ns/pid') : undefined };

  it.runIf(isLinux)('takes over a lock whose process number now belongs to another process (Linux)', () => {
    // The test runner's parent process runs, but started at another time than the lock says.
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    writeFileSync(lockFile(), JSON.stringify({ pid: process.ppid, ...here, boot, start: '1' }));
    expectTakenOver();
  });

  it('takes over a lock of an ended process or an unreadable one, and leaves one of a running process', () => {
    // Without the start time only the process number counts: a running process holds it.
    writeFileSync(lockFile(), JSON.stringify({ pid: process.ppid, ...here }));
    expect(() => lockDataDirectory(directory)).toThrow(`pid ${process.ppid}`);

    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lockFile(), JSON.stringify({ pid: ended, ...here }));
    expectTakenOver();
    writeFileSync(lockFile(), '{"pid":');
    expectTakenOver();
  });

  it('counts a lock held in another container or on another machine as held while its holder refreshes it', () => {
    // Process 1 of another process namespace: not to be looked up here.
    writeFileSync(lockFile(), JSON.stringify({ pid: 1, host: 'app-7f9c', ns: 'pid:[4026532999]' }));
    expect(() => lockDataDirectory(directory)).toThrow('(pid 1 on app-7f9c)');
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFile(), minuteAgo, minuteAgo);
    expectTakenOver();
  });

  it('refreshes its own lock’s time while it holds it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    onTestFinished(() => void vi.useRealTimers());
    const lock = lockDataDirectory(directory);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFile(), minuteAgo, minuteAgo);
    vi.advanceTimersByTime(10_000);
    expect(Date.now() - statSync(lockFile()).mtimeMs).toBeLessThan(5_000);
    lock.release();
  });

  it('lets exactly one of several processes starting together take over an abandoned lock', async () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lockFile(), JSON.stringify({ pid: ended, ...here }));
    // Each loads, says so, waits for the go, then tries; one that holds the lock keeps it until killed.
    const go = path.join(directory, 'go');
    const script = `import { existsSync } from 'node:fs';
import { lockDataDirectory } from './app/db/data-directory-lock.server.ts';
console.log('ready');
while (!existsSync(${JSON.stringify(go)}));
try { lockDataDirectory(${JSON.stringify(directory)}); console.log('held'); setInterval(() => {}, 1000); }
catch (error) { console.log(error.message.includes('open in another process') ? 'refused' : String(error)); }`;
    const starters = Array.from({ length: 4 }, () => {
      const starter = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const lines = createInterface({ input: starter.stdout! })[Symbol.asyncIterator]();
      const exited = once(starter, 'exit').then(([code]) => {
        throw new Error(`a starter exited with ${String(code)} before it answered`);
      });
      const next = async () => (await Promise.race([lines.next(), exited])).value as string;
      return { starter, next };
    });
    onTestFinished(() => starters.forEach(({ starter }) => starter.kill('SIGKILL')));
    expect(await Promise.all(starters.map(({ next }) => next()))).toEqual(Array(4).fill('ready'));
    writeFileSync(go, '');
    const outcomes = await Promise.all(starters.map(({ next }) => next()));
    expect(outcomes.toSorted()).toEqual(['held', 'refused', 'refused', 'refused']);
    const holderPid = starters[outcomes.indexOf('held')]!.starter.pid;
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: holderPid });
    expect(existsSync(`${lockFile()}.guard`)).toBe(false);
  });

  it('waits while another starting process holds the guard, and judges the lock only after it', async () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lockFile(), JSON.stringify({ pid: ended, ...here }));
    const guard = `${lockFile()}.guard`;
    const released = path.join(directory, 'released');
    // Holds the guard for a second, then lets go and says so.
    const script = `const fs = require('node:fs');
fs.writeFileSync(${JSON.stringify(guard)}, JSON.stringify({ pid: process.pid, ...${JSON.stringify(here)} }));
console.log('holding');
setTimeout(() => { fs.writeFileSync(${JSON.stringify(released)}, ''); fs.unlinkSync(${JSON.stringify(guard)}); }, 1000);`;
    holder = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await once(holder.stdout!, 'data');
    const lock = lockDataDirectory(directory);
    expect(existsSync(released)).toBe(true);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a guard its process left behind', () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${lockFile()}.guard`, JSON.stringify({ pid: ended, ...here }));
    expectTakenOver();
    expect(existsSync(`${lockFile()}.guard`)).toBe(false);
  });

  it('leaves a lock another process took over where it is on release', () => {
    const lock = lockDataDirectory(directory);
    const other = JSON.stringify({ pid: process.ppid, ...here });
    writeFileSync(lockFile(), other);
    lock.release();
    expect(readFileSync(lockFile(), 'utf8')).toBe(other);
  });

  // Two embedded databases are made here: on a busy machine that takes longer than most tests.
  it('keeps a second embedded database off the directory until the first is closed', { timeout: 90_000 }, async () => {
    const first = await openDatabase({ dataDir: directory });
    await expect(openDatabase({ dataDir: directory })).rejects.toThrow(ConfigError);
    await first.close();
    const second = await openDatabase({ dataDir: directory });
    expect(await second.ping()).toBe(true);
    await second.close();
    expect(existsSync(lockFile())).toBe(false);
  });
});

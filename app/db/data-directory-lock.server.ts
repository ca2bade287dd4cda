import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '~/config/env.server';

/**
 * PGlite belongs to one process: a second process that opens the same directory works on its own
 * copy of the pages in memory, does not see the first one's writes, and overwrites them with its
 * own (a second `npm start`, or `npm run outbox:retry` beside a running server). As PostgreSQL's
 * postmaster.pid does, a lock file in the directory names the process that has it open; a second
 * opener refuses to start. A lock left behind by a process that ended without closing (a crash, a
 * kill) is taken over: its process is gone, or its number now belongs to another process, which
 * on Linux the process's start time tells apart.
 */
export function lockDataDirectory(directory: string): { release(): void } {
  const file = path.join(directory, 'pglite.lock');
  const own = ownRecord();
  const text = JSON.stringify(own);
  // Written whole beside the lock and linked into place, so that a reader never sees half a record.
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, text);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === 3) throw error;
      }
      const holder = readRecord(file);
      if (holder && isRunning(holder, file)) {
        throw new ConfigError(
          `DATA_DIR: the embedded database in ${directory} is open in another process (pid ${holder.pid}); ` +
            'stop it first, or give every process the same DATABASE_URL.',
        );
      }
      unlinkQuietly(file);
    }
  } finally {
    unlinkQuietly(draft);
  }
  heldInThisProcess.add(file);
  return {
    release() {
      heldInThisProcess.delete(file);
      if (readRecord(file)?.pid === own.pid) unlinkQuietly(file);
    },
  };
}

interface LockRecord {
  pid: number;
  /** Linux only: the boot and the process's start time in clock ticks since it, from /proc. */
  boot?: string;
  start?: string;
}

/** Lock files this process holds: a record with this process's number is its own only if listed here. */
const heldInThisProcess = new Set<string>();

function ownRecord(): LockRecord {
  return { pid: process.pid, ...linuxIdentity(process.pid) };
}

function isRunning(holder: LockRecord, file: string): boolean {
  if (holder.pid === process.pid) return heldInThisProcess.has(file);
  if (holder.boot !== undefined && holder.start !== undefined) {
    const now = linuxIdentity(holder.pid);
    return now.boot === holder.boot && now.start === holder.start;
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function linuxIdentity(pid: number): Pick<LockRecord, 'boot' | 'start'> {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    // The command name (field 2) may hold spaces and parentheses: the fields after its last ')' count from 3.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return { boot, start };
  } catch {
    return {};
  }
}

function readRecord(file: string): LockRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockRecord>;
    return Number.isSafeInteger(record.pid) ? (record as LockRecord) : undefined;
  } catch {
    return undefined;
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Gone already.
  }
}

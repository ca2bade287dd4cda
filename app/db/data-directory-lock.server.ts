import { randomUUID } from 'node:crypto';
import {
  linkSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { ConfigError } from '~/config/env.server';

/**
 * PGlite belongs to one process: a second process that opens the same directory works on its own
 * copy of the pages in memory, does not see the first one's writes, and overwrites them with its
 * own (a second `npm start`, or `npm run outbox:retry` beside a running server). As PostgreSQL's
 * postmaster.pid does, a lock file in the directory names the process that has it open, and a
 * second opener refuses to start (docs/decisions/0050-one-process-per-embedded-database.md).
 *
 * A lock left behind by a process that ended without closing (a crash, a kill) is taken over. On
 * the same machine and in the same process namespace the process table tells: the process is gone,
 * or its number now belongs to a process that started at another time. A holder elsewhere (another
 * container on the same volume, another machine on a network drive) cannot be looked up: its lock
 * counts as held while the holder refreshes the file's time, every few seconds.
 */
export function lockDataDirectory(directory: string): { release(): void } {
  const file = path.join(path.resolve(directory), 'pglite.lock');
  const text = JSON.stringify(ownRecord());
  placeLock(file, text);
  heldInThisProcess.add(file);
  const heartbeat = setInterval(() => {
    if (readText(file) === text) touch(file);
  }, heartbeatMs).unref();
  return {
    release() {
      clearInterval(heartbeat);
      heldInThisProcess.delete(file);
      if (readText(file) === text) unlinkQuietly(file);
    },
  };
}

/** How often a holder refreshes its lock's time, and how old the time of a lock held elsewhere may be. */
const heartbeatMs = 5_000;
const staleAfterMs = 30_000;

interface LockRecord {
  pid: number;
  host: string;
  /** Linux only: the process namespace, the boot and the process's start time since it, from /proc. */
  ns?: string;
  boot?: string;
  start?: string;
}

/** Lock files this process holds: a record naming this process is its own only if listed here. */
const heldInThisProcess = new Set<string>();

/**
 * Places the lock while holding its guard, so that judging a lock stale and replacing it is one step
 * for every process starting on the directory: without it, a third starter could place its lock in
 * the moment a second one had moved the first one's fresh lock aside to compare it.
 */
function placeLock(file: string, text: string): void {
  const guard = takeGuard(`${file}.guard`);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (created(file, text)) return;
      const found = readText(file);
      // Gone between the two steps: its holder released it; try again.
      if (found === undefined) continue;
      const holder = parseRecord(found);
      if (holder && isHeld(holder, file, staleAfterMs)) {
        throw new ConfigError(
          `DATA_DIR: the embedded database in ${path.dirname(file)} is open in another process ` +
            `(pid ${holder.pid} on ${holder.host}); stop it first, or give every process the same DATABASE_URL.`,
        );
      }
      unlinkQuietly(file);
    }
    throw new ConfigError(`DATA_DIR: the lock ${file} keeps changing; is another process starting on it?`);
  } finally {
    guard.release();
  }
}

/** A guard is held for the milliseconds it takes to place a lock; one older than this was left by a crash. */
const guardStaleAfterMs = 5_000;
const guardWaitMs = 10_000;

/**
 * Takes the guard file, waiting while another starting process holds it. A guard whose process is
 * gone, or one from elsewhere older than a holder needs, is taken over the careful way (moved aside
 * and compared), as two processes can find it abandoned at once.
 */
function takeGuard(file: string): { release(): void } {
  const text = JSON.stringify(ownRecord());
  const deadline = Date.now() + guardWaitMs;
  while (!created(file, text)) {
    const found = readText(file);
    // A guard without a whole record may be one being written: it counts as held until it is old.
    const holder = found === undefined ? undefined : parseRecord(found);
    const abandoned = holder ? !isHeld(holder, file, guardStaleAfterMs) : !isFresh(file, guardStaleAfterMs);
    if (found !== undefined && abandoned) removeIfUnchanged(file, found);
    else if (Date.now() > deadline) {
      throw new ConfigError(`DATA_DIR: ${file} stays taken; is another process starting on it?`);
    } else sleep(10);
  }
  return {
    release() {
      if (readText(file) === text) unlinkQuietly(file);
    },
  };
}

/** Blocks the thread: placing the lock happens once, at start, before anything else runs. */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Creates the file with the whole record, or returns false when there is one. The record is written
 * beside it and linked into place, so that no reader sees half of it; where the file system has no
 * links, it is created exclusively and then written, so a reader may find it empty for a moment.
 * Names of drafts are unique: process numbers repeat in containers sharing the directory.
 */
function created(file: string, text: string): boolean {
  const draft = `${file}.${randomUUID()}`;
  writeFileSync(draft, text);
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
  } finally {
    unlinkQuietly(draft);
  }
  try {
    writeFileSync(file, text, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Removes an abandoned guard, unless another process replaced it in the meantime: moved aside under
 * a name of this process's own, then compared with what was judged abandoned; a guard placed since
 * then goes back.
 */
function removeIfUnchanged(file: string, stale: string): void {
  const aside = `${file}.stale.${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // Gone already.
  }
  if (readText(aside) !== stale) {
    try {
      linkSync(aside, file);
    } catch {
      // Another lock is in place by now; the next attempt reads that one.
    }
  }
  unlinkQuietly(aside);
}

/**
 * Whether the process a record names still holds `file`: looked up where it runs here, else judged
 * by how recently the file's time was refreshed.
 */
function isHeld(holder: LockRecord, file: string, staleAfter: number): boolean {
  const own = ownRecord();
  if (holder.host === own.host && holder.ns === own.ns) {
    if (holder.pid === own.pid) return heldInThisProcess.has(file);
    if (holder.start !== undefined) {
      const now = startOf(holder.pid);
      return now.boot === holder.boot && now.start === holder.start;
    }
    try {
      process.kill(holder.pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  return isFresh(file, staleAfter);
}

/** Whether the file's time was refreshed within `staleAfter` milliseconds (false when it is gone). */
function isFresh(file: string, staleAfter: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < staleAfter;
  } catch {
    return false;
  }
}

function ownRecord(): LockRecord {
  return { pid: process.pid, host: hostname(), ns: pidNamespace(), ...startOf(process.pid) };
}

/** Linux: the process namespace (a container has its own), else undefined. */
function pidNamespace(): string | undefined {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

/** Linux: the boot and the process's start time in clock ticks since it; empty for no such process. */
function startOf(pid: number): Pick<LockRecord, 'boot' | 'start'> {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    // The command name (field 2) may hold spaces and parentheses: the fields after its last ')' count from 3.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return { boot, start: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] };
  } catch {
    return {};
  }
}

function parseRecord(text: string): LockRecord | undefined {
  try {
    const record = JSON.parse(text) as Partial<LockRecord>;
    return Number.isSafeInteger(record.pid) && typeof record.host === 'string' ? (record as LockRecord) : undefined;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Released meanwhile.
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Gone already.
  }
}

import { readFile, rm, writeFile } from 'node:fs/promises';

/**
 * Runs `task` while holding a lock file that processes of one test run share (the runner and its
 * workers). The file names the holder's pid, so a lock left behind by a killed run is recognised
 * and taken over.
 */
export async function withFileLock<T>(lock: string, task: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (holder && !isAlive(holder)) await rm(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
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

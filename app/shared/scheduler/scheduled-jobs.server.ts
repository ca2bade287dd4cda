import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { scheduledJobs } from '~/db/schema';
import type { Logger } from '~/platform/logger.server';

/** Work that must run once per period across all instances, whichever instance gets to it. */
export interface ScheduledJob {
  name: string;
  intervalMs: number;
  run(now: Date): Promise<void>;
}

/**
 * Runs the job when its period is over, on exactly one instance: the instance that moves
 * `next_run_at` forward with a conditional UPDATE runs it. A second instance's UPDATE waits for the
 * first one's row lock, then finds the row no longer due and changes nothing; it works the same on
 * PGlite and PostgreSQL and, unlike an advisory lock, needs no session held across the job, so the
 * job's own statements stay short. An instance that dies during the job leaves it to the next period
 * (the jobs are idempotent). Returns whether this call ran the job.
 */
export async function runIfDue(db: Database, job: ScheduledJob, now = new Date()): Promise<boolean> {
  await db.insert(scheduledJobs).values({ name: job.name, nextRunAt: now }).onConflictDoNothing();
  const claimed = await db
    .update(scheduledJobs)
    .set({ nextRunAt: new Date(now.getTime() + job.intervalMs), lastStartedAt: now })
    .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.nextRunAt, now)))
    .returning({ name: scheduledJobs.name });
  if (claimed.length === 0) return false;
  await job.run(now);
  await db.update(scheduledJobs).set({ lastFinishedAt: new Date() }).where(eq(scheduledJobs.name, job.name));
  return true;
}

/**
 * Asks every `checkEveryMs` whether a job is due (one short UPDATE per job). Returns a function
 * that stops the scheduler after the job in progress.
 */
export function startScheduler(
  db: Database,
  jobs: ScheduledJob[],
  logger: Pick<Logger, 'warn'>,
  checkEveryMs = 60_000,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = (async () => {
      for (const job of jobs) {
        if (stopped) return;
        await runIfDue(db, job).catch((error: unknown) =>
          logger.warn({ err: error, job: job.name }, 'scheduled job failed; it runs again next period'),
        );
      }
    })().finally(() => {
      if (!stopped) timer = setTimeout(tick, checkEveryMs);
    });
  };
  let timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

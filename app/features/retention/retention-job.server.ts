import { retention } from '~/config/retention';
import type { Database } from '~/db/client.server';
import type { Logger } from '~/platform/logger.server';
import type { ScheduledJob } from '~/shared/scheduler/scheduled-jobs.server';
import { retentionRules, type RetentionRule } from './retention-rules.server';

/**
 * The retention job: applies every rule once per `retention.intervalMs`, on one instance, and logs
 * how many rows each rule removed (counts only, never what they held).
 */
export function retentionJob(
  db: Database,
  logger: Pick<Logger, 'info'>,
  rules: RetentionRule[] = retentionRules,
): ScheduledJob {
  return {
    name: 'retention',
    intervalMs: retention.intervalMs,
    async run(now) {
      const removed: Record<string, number> = {};
      for (const rule of rules) {
        const count = await rule.apply(db, now);
        if (count > 0) removed[rule.name] = count;
      }
      logger.info({ removed }, 'retention job done');
    },
  };
}

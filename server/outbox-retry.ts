import { loadConfig } from '~/config/env.server';
import { openDatabase } from '~/db/client.server';
import { outbox } from '~/db/schema';
import { retryFailed } from '~/shared/outbox/delivery.server';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class UsageError extends Error {}

/**
 * The operator's `npm run outbox:retry -- <id|all-failed>`: makes one failed mail, or every failed
 * mail, due again with a full set of attempts; the running instances' workers send them. Failed
 * SMS are not retried: their codes expired and their text is blanked. Returns how many mails are
 * due again.
 */
export async function retryFailedMails(env: NodeJS.ProcessEnv, target: string | undefined): Promise<number> {
  if (target !== 'all-failed' && !(target && uuid.test(target))) {
    throw new UsageError('usage: npm run outbox:retry -- <mail id|all-failed>');
  }
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.env.DATABASE_URL, dataDir: config.dataDir, poolSize: 1 });
  try {
    return await retryFailed(database.db, outbox, target === 'all-failed' ? undefined : target);
  } finally {
    await database.close();
  }
}

import type { Database } from '~/db/client.server';
import type { Logger } from '~/platform/logger.server';
import type { SmsGateway } from './gateway';
import { drainSmsOutbox } from './outbox.server';

/**
 * Sends queued SMS every few seconds while a gateway is configured; without one it does nothing and
 * the messages stay in the outbox (laptop mode). Every instance runs one; rows are claimed with
 * SKIP LOCKED. Returns a function that stops the worker after the round in progress.
 */
export function startSmsWorker(
  db: Database,
  gateway: SmsGateway | null,
  logger: Pick<Logger, 'info' | 'warn'>,
  intervalMs = 2_000,
): () => Promise<void> {
  if (!gateway) return async () => {};
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = drainSmsOutbox(db, gateway)
      .then((sent) => {
        if (sent > 0) logger.info({ sent }, 'sms sent');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'sms round failed; retrying later'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

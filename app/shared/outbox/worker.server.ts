import type { Database } from '~/db/client.server';
import type { Logger } from '~/platform/logger.server';
import {
  deliverDue,
  type OutboxDefinition,
  type OutboxTable,
  type RoundOptions,
  type Unsettled,
} from './delivery.server';

export interface WorkerOptions extends Pick<RoundOptions, 'batchSize' | 'leaseMs'> {
  intervalMs?: number;
}

/**
 * Drains one outbox every few seconds. Every instance runs one; the claim keeps them from sending
 * a message twice. An outage (service or database down) is logged when it starts and when it
 * ends, not every round; a message that fails for good is logged by id, never by recipient or
 * content. Returns a function that stops the worker: the send in progress finishes, the rest of
 * the round's claim goes back to the outbox.
 */
export function startOutboxWorker<T extends OutboxTable>(
  db: Database,
  box: OutboxDefinition<T>,
  logger: Pick<Logger, 'info' | 'warn'>,
  { intervalMs = 2_000, ...round }: WorkerOptions = {},
): () => Promise<void> {
  const { noun } = box;
  let running: Promise<unknown> = Promise.resolve();
  const unsettled: Unsettled[] = [];
  let stopped = false;
  let failing = false;
  const tick = () => {
    running = deliverDue(db, box, { ...round, stopping: () => stopped, unsettled })
      .then(({ sent, failed }) => {
        if (failing) logger.info({ outbox: box.name }, `${noun} rounds work again`);
        failing = false;
        if (sent > 0) logger.info({ sent }, `${noun} sent`);
        if (failed > 0) {
          logger.warn(
            { outbox: box.name, failed },
            `${noun} failed after their last attempt; see docs/operations.md to retry them`,
          );
        }
      })
      .catch((error: unknown) => {
        if (!failing) logger.warn({ err: error, outbox: box.name }, `${noun} round failed; they wait in the outbox`);
        failing = true;
      })
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

import type { AppServices } from '~/context';
import { drainOutbox } from './outbox.server';

/**
 * Sends queued mails every few seconds while SMTP is configured. Every instance runs one; rows are
 * claimed with SKIP LOCKED, so each mail goes out once. Returns a function that stops the worker
 * after the round in progress.
 */
export function startOutboxWorker(services: AppServices, intervalMs = 2_000): () => Promise<void> {
  const { transport } = services.mail;
  if (!transport) return async () => {};
  const { logger } = services;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  // An outage (SMTP server or database down) is logged when it starts and when it ends, not every round.
  let failing = false;
  const tick = () => {
    running = drainOutbox(services.database.db, transport, services.config.env.MAIL_FROM)
      .then((sent) => {
        if (failing) logger.info('mail rounds work again');
        failing = false;
        if (sent > 0) logger.info({ sent }, 'mails sent');
      })
      .catch((error: unknown) => {
        if (!failing) logger.warn({ err: error }, 'mail round failed; mails wait in the outbox, retrying');
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

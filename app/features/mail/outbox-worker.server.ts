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
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = drainOutbox(services.database.db, transport, services.config.env.MAIL_FROM)
      .then((sent) => {
        if (sent > 0) services.logger.info({ sent }, 'mails sent');
      })
      .catch((error: unknown) => services.logger.warn({ err: error }, 'mail round failed; retrying later'))
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

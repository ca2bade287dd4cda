import type { AppServices } from '~/context';
import { smsGatewayFromEnv } from '~/platform/sms/select-gateway.server';
import { startSmsWorker } from '~/platform/sms/worker.server';

/**
 * Started next to the mail worker: with SMS_GATEWAY_URL set it drains the SMS outbox; without it,
 * SMS stay in the outbox for the development mailbox page. Returns the stop function.
 */
export function startSmsOutboxWorker(services: AppServices): () => Promise<void> {
  return startSmsWorker(services.database.db, smsGatewayFromEnv(services.config.env), services.logger);
}

import type { Env } from '~/config/env.server';
import type { SmsGateway } from './gateway';
import { httpSmsGateway } from './http-gateway.server';

/** The configured SMS gateway, or null for the embedded default (messages stay in the outbox). */
export function smsGatewayFromEnv(env: Pick<Env, 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_KEY'>): SmsGateway | null {
  return env.SMS_GATEWAY_URL ? httpSmsGateway({ url: env.SMS_GATEWAY_URL, key: env.SMS_GATEWAY_KEY }) : null;
}

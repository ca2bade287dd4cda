import { jsonHttpClient } from '~/platform/json-http.server';
import { SmsGatewayError, type SmsGateway } from './gateway';

export interface HttpSmsGatewayOptions {
  /** SMS_GATEWAY_URL: the endpoint that takes one message per POST. */
  url: string;
  /** SMS_GATEWAY_KEY: sent as a bearer token, from the server only. */
  key?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A real SMS gateway over HTTP: `POST {SMS_GATEWAY_URL}` with the JSON body `{"to": "+49…", "text": "…"}`
 * and `Authorization: Bearer {SMS_GATEWAY_KEY}`. Any 2xx answer means accepted; everything else
 * (another status, a timeout, no connection) throws, and the outbox worker tries again later.
 *
 * The gateway is called once per attempt and never retried here: a repeated POST could send the
 * message twice, so retrying is the outbox's job, with backoff.
 */
export function httpSmsGateway(options: HttpSmsGatewayOptions): SmsGateway {
  const http = jsonHttpClient({
    baseUrl: options.url,
    bearer: options.key,
    timeoutMs: options.timeoutMs ?? 10_000,
    fetch: options.fetch,
    service: 'SMS gateway',
    error: (message, { status, cause }) => new SmsGatewayError(message, status, { cause }),
  });
  return {
    name: 'http',
    send: (sms) => http.send({ method: 'POST', body: { to: sms.to, text: sms.text } }),
  };
}

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
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'http',
    async send(sms) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (options.key) headers.authorization = `Bearer ${options.key}`;
      let response: Response;
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to: sms.to, text: sms.text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
          throw new SmsGatewayError(`SMS gateway did not answer within ${timeoutMs} ms`, undefined, { cause: error });
        }
        throw new SmsGatewayError('SMS gateway unreachable', undefined, { cause: error });
      }
      // The body is not needed; reading it releases the connection.
      await response.text().catch(() => '');
      if (!response.ok) throw new SmsGatewayError(`SMS gateway answered ${response.status}`, response.status);
    },
  };
}

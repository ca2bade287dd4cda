import { jsonHttpClient } from '~/platform/json-http.server';
import {
  PaymentProviderUnavailableError,
  type ChargeOutcome,
  type CheckoutOutcome,
  type HostedKind,
  type PaymentProvider,
} from './types';

export interface HttpPaymentProviderOptions {
  /** PAYMENT_PROVIDER_URL: the provider's API base. */
  baseUrl: string;
  /** PAYMENT_PROVIDER_KEY: sent as a bearer token, from the server only. */
  key?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * A real payment service provider behind PAYMENT_PROVIDER_URL, speaking this JSON contract
 * (docs/decisions/0008-credit-and-payment.md):
 *
 * - `POST /checkout-sessions` `{kind, customerReference, returnUrl, locale}` → `{id, redirectUrl}`;
 *   after the hosted step the provider sends the browser to `returnUrl` with `session=<id>` added.
 * - `GET /checkout-sessions/{id}` → `{id, status: open|completed|cancelled|expired, kind,
 *   customerReference, paymentMethod?: {token, label}}`.
 * - `POST /charges` with an `Idempotency-Key` header, `{amountCents, currency, description,
 *   customerReference, source}` → `{id, status: succeeded|failed, failureCode?}`.
 *
 * Charges are writes: never retried here (a retry could charge twice); the idempotency key lets
 * the provider recognise a repeated request.
 */
export function httpPaymentProvider(options: HttpPaymentProviderOptions): PaymentProvider {
  const http = jsonHttpClient({
    baseUrl: options.baseUrl,
    bearer: options.key,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    service: 'Payment provider',
    error: (message, { cause }) => new PaymentProviderUnavailableError(message, { cause }),
  });
  const call = (method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) =>
    http.call({ method, path, body, headers });

  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

  return {
    name: 'http',

    async startCheckout(request) {
      const { status, json } = await call('POST', '/checkout-sessions', request);
      const redirectUrl = text(json?.redirectUrl);
      if (status >= 300 || !redirectUrl) {
        throw new PaymentProviderUnavailableError(`Payment provider answered ${status} to a checkout session`);
      }
      return { redirectUrl };
    },

    async completeCheckout(session, customerReference): Promise<CheckoutOutcome> {
      if (!/^[\w-]{1,200}$/.test(session)) return { status: 'invalid' };
      const { status, json } = await call('GET', `/checkout-sessions/${encodeURIComponent(session)}`);
      if (status === 404) return { status: 'invalid' };
      if (status >= 300 || !json) {
        throw new PaymentProviderUnavailableError(`Payment provider answered ${status} to a session lookup`);
      }
      // The session must be the one this customer started; its id alone proves nothing.
      if (json.customerReference !== customerReference) return { status: 'invalid' };
      if (json.status === 'cancelled') return { status: 'cancelled' };
      const kind = json.kind === 'card' || json.kind === 'paypal' ? (json.kind as HostedKind) : undefined;
      const method = json.paymentMethod as { token?: unknown; label?: unknown } | undefined;
      const token = text(method?.token);
      const label = text(method?.label);
      if (json.status !== 'completed' || !kind || !token || !label) return { status: 'invalid' };
      return { status: 'completed', kind, token, label: label.slice(0, 80) };
    },

    async charge(request): Promise<ChargeOutcome> {
      const { source } = request;
      const { status, json } = await call(
        'POST',
        '/charges',
        {
          amountCents: request.amountCents,
          currency: 'EUR',
          description: request.description,
          customerReference: request.customerReference,
          source:
            source.kind === 'sepa' ? { ...source, mandateSignedAt: source.mandateSignedAt.toISOString() } : source,
        },
        { 'idempotency-key': request.idempotencyKey },
      );
      const providerReference = text(json?.id) ?? null;
      if (status < 300 && json?.status === 'succeeded' && providerReference) {
        return { status: 'succeeded', providerReference };
      }
      if ((status < 300 || status === 402 || status === 422) && json?.status === 'failed') {
        return {
          status: 'failed',
          providerReference,
          reason: json.failureCode === 'invalid_method' ? 'invalid-method' : 'declined',
        };
      }
      throw new PaymentProviderUnavailableError(`Payment provider answered ${status} to a charge`);
    },
  };
}

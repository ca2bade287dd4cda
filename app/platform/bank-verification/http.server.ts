import { jsonHttpClient } from '~/platform/json-http.server';
import { BankVerificationUnavailableError, type BankVerifier, type VerificationOutcome } from './types';

export interface HttpBankVerifierOptions {
  /** BANK_VERIFICATION_URL: the service's API base. */
  baseUrl: string;
  /** BANK_VERIFICATION_KEY: sent as a bearer token, from the server only. */
  key?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * A real bank verification service behind BANK_VERIFICATION_URL, speaking this JSON contract
 * (docs/decisions/0008-credit-and-payment.md):
 *
 * - `POST /verifications` `{iban, accountHolder, customerReference}` → `{id, status: verified|failed|pending}`
 * - `GET /verifications/{id}` → `{id, status, iban, customerReference, reference?}`
 *
 * `confirm` looks the verification up again and accepts it only when it is verified for exactly the
 * IBAN and customer of the form being saved.
 */
export function httpBankVerifier(options: HttpBankVerifierOptions): BankVerifier {
  const http = jsonHttpClient({
    baseUrl: options.baseUrl,
    bearer: options.key,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    service: 'Bank verification',
    error: (message, { cause }) => new BankVerificationUnavailableError(message, { cause }),
  });
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) => http.call({ method, path, body });

  return {
    name: 'http',
    async start(request) {
      const { status, json } = await call('POST', '/verifications', request);
      const id = typeof json?.id === 'string' ? json.id : undefined;
      if (status >= 300 || !id) {
        throw new BankVerificationUnavailableError(`Bank verification answered ${status} to a new verification`);
      }
      return { token: id, status: json?.status === 'verified' ? 'verified' : 'failed' };
    },
    async confirm(token, expected): Promise<VerificationOutcome> {
      if (!/^[\w-]{1,200}$/.test(token)) return { status: 'failed', reason: 'token-invalid' };
      const { status, json } = await call('GET', `/verifications/${encodeURIComponent(token)}`);
      if (status === 404) return { status: 'failed', reason: 'token-invalid' };
      if (status >= 300 || !json) {
        throw new BankVerificationUnavailableError(`Bank verification answered ${status} to a lookup`);
      }
      if (json.iban !== expected.iban || json.customerReference !== expected.customerReference) {
        return { status: 'failed', reason: 'token-invalid' };
      }
      if (json.status !== 'verified') return { status: 'failed', reason: 'account-not-verified' };
      return { status: 'verified', reference: typeof json.reference === 'string' ? json.reference : token };
    },
  };
}

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
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new BankVerificationUnavailableError(
        timedOut ? `Bank verification did not answer within ${options.timeoutMs} ms` : 'Bank verification unreachable',
        { cause: error },
      );
    }
    const json = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    return { status: response.status, json: json && typeof json === 'object' ? json : undefined };
  }

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

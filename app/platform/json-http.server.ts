/**
 * The server's one JSON-over-HTTP call, shared by every adapter of an outside service (payment
 * provider, bank verification, geocoder, content service, SMS gateway): base URL, bearer key,
 * timeout, JSON body and answer, and the adapter's own error type for "no useful answer". Each
 * call is made once: retrying a write could act twice, so retries are the caller's decision (the
 * outbox's backoff, a visitor's next request).
 */
export interface JsonHttpOptions {
  /** The service's base URL; a path given to a call is appended to it (without the base's trailing slash). */
  baseUrl: string;
  /** Sent as a bearer token, from the server only. */
  bearer?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The service's name at the start of every error message: `Geocoder answered 503`. */
  service: string;
  /** The adapter's error for a service that gave no useful answer (with its HTTP status when it answered). */
  error: (message: string, details: { status?: number; cause?: unknown }) => Error;
}

export interface JsonRequest {
  method?: 'GET' | 'POST';
  /** Appended to the base URL: `/charges`. */
  path?: string;
  query?: Record<string, string | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The `accept` header; `application/json` by default. */
  accept?: string;
}

/** An answer with any status; `json` is the body when it is a JSON object. */
export interface JsonAnswer {
  status: number;
  json: Record<string, unknown> | undefined;
}

export interface JsonHttpClient {
  /** Any status is an answer; throws only when the service did not answer (unreachable, timeout). */
  call(request: JsonRequest): Promise<JsonAnswer>;
  /** The body of a 2xx answer, any JSON value; throws for another status or a body that is no JSON. */
  read(request: JsonRequest): Promise<unknown>;
  /** A request whose answer only counts by its status: throws for anything but 2xx. */
  send(request: JsonRequest): Promise<void>;
}

export function jsonHttpClient(options: JsonHttpOptions): JsonHttpClient {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const fail = (message: string, details: { status?: number; cause?: unknown } = {}) =>
    options.error(`${options.service} ${message}`, details);

  async function exchange(request: JsonRequest): Promise<Response> {
    const url = new URL(request.path ? `${base}${request.path}` : options.baseUrl);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    const { body } = request;
    try {
      return await doFetch(url, {
        method: request.method ?? 'GET',
        headers: {
          accept: request.accept ?? 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
          ...request.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw fail(timedOut ? `did not answer within ${options.timeoutMs} ms` : 'unreachable', { cause: error });
    }
  }

  async function expectOk(request: JsonRequest): Promise<Response> {
    const response = await exchange(request);
    if (!response.ok) {
      // Reading the body releases the connection.
      await response.body?.cancel();
      throw fail(`answered ${response.status}`, { status: response.status });
    }
    return response;
  }

  return {
    async call(request) {
      const response = await exchange(request);
      const json: unknown = await response.json().catch(() => undefined);
      return {
        status: response.status,
        json: json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined,
      };
    },
    async read(request) {
      const response = await expectOk(request);
      try {
        return (await response.json()) as unknown;
      } catch (error) {
        throw fail('answered with invalid JSON', { cause: error });
      }
    },
    async send(request) {
      const response = await expectOk(request);
      await response.body?.cancel();
    },
  };
}

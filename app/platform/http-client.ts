/**
 * The browser's HTTP client (docs/rules/content-and-navigation.md#http-retries): retries answers that say
 * "try again" (408, 409, 425, 429, 500, 502, 503, 504) once for reading methods and never for writing ones,
 * because a repeated write could act twice.
 */
export const retryStatuses: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function retriesFor(method: string): number {
  return writeMethods.has(method.toUpperCase()) ? 0 : 1;
}

export interface HttpClientOptions {
  fetch?: typeof fetch;
  /** Pause before a retry. */
  retryDelayMs?: number;
}

export async function httpRequest(
  input: string | URL,
  init: RequestInit = {},
  options: HttpClientOptions = {},
): Promise<Response> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const retries = retriesFor(init.method ?? 'GET');
  for (let attempt = 0; ; attempt++) {
    const isLast = attempt >= retries;
    try {
      const response = await doFetch(input, init);
      if (isLast || !retryStatuses.has(response.status)) return response;
    } catch (error) {
      if (isLast || init.signal?.aborted) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 300));
  }
}

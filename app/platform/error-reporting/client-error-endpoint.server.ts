import type { Logger } from '~/platform/logger.server';
import type { RateLimitStore } from '~/platform/rate-limit/store';
import { clientErrorReportSchema, maxReportBytes, sanitizeClientErrorReport } from './client-error-schema.server';

/** Per address: enough for a page that breaks now and then, too few to flood the logs. */
export const clientErrorLimit = { count: 20, windowMs: 10 * 60_000 };

export type ClientErrorOutcome = 204 | 400 | 413 | 429;

/**
 * One error report from a browser (POST, CSRF-checked by the root middleware like every POST):
 * refused when the address sent too many lately (429, checked first, before the body is read), the
 * body is too large (413) or not a report (400); otherwise logged as one line and answered 204.
 */
export async function receiveClientErrorReport(
  request: Request,
  services: { rateLimits: RateLimitStore; logger: Pick<Logger, 'warn'>; clientIp: string },
): Promise<ClientErrorOutcome> {
  const count = await services.rateLimits.increment(`client-errors:${services.clientIp}`, clientErrorLimit.windowMs);
  if (count > clientErrorLimit.count) return 429;

  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxReportBytes) return 413;
  const body = await request.text();
  if (body.length > maxReportBytes) return 413;

  // A form body (the CSRF middleware reads the token from a form), its `report` field JSON.
  let raw: unknown;
  try {
    raw = JSON.parse(new URLSearchParams(body).get('report') ?? '');
  } catch {
    return 400;
  }
  const parsed = clientErrorReportSchema.safeParse(raw);
  if (!parsed.success) return 400;

  services.logger.warn(
    { clientError: sanitizeClientErrorReport(parsed.data, request.headers.get('user-agent')) },
    'client error',
  );
  return 204;
}

import type { Logger } from '~/platform/logger.server';
import type { RateLimitStore } from '~/platform/rate-limit/store';
import {
  clientErrorReportSchema,
  maxReportBytes,
  sanitizeClientErrorReport,
} from '../../platform/error-reporting/client-error-schema.server';
import { addressGroup } from '~/shared/security/address-group.server';

/** Per address: enough for a page that breaks now and then, too few to flood the logs. */
export const clientErrorLimit = { count: 20, windowMs: 10 * 60_000 };

export type ClientErrorOutcome = 204 | 400 | 413 | 429;

/**
 * One error report from a browser (POST, CSRF-checked by the root middleware like every POST, which
 * read the form): refused when the address sent too many lately (429, checked first), the body is
 * too large (413) or not a report (400); otherwise logged as one line and answered 204.
 */
export async function receiveClientErrorReport(
  request: Request,
  form: FormData,
  services: { rateLimits: RateLimitStore; logger: Pick<Logger, 'warn'>; clientIp: string },
): Promise<ClientErrorOutcome> {
  const limit = { max: clientErrorLimit.count, windowMs: clientErrorLimit.windowMs };
  if (!(await services.rateLimits.hit(`client-errors:${addressGroup(services.clientIp)}`, limit))) return 429;

  const declared = Number(request.headers.get('content-length') ?? '0');
  const report = form.get('report');
  if (declared > maxReportBytes || (typeof report === 'string' && report.length > maxReportBytes)) return 413;

  // The form's `report` field is the report as JSON.
  let raw: unknown;
  try {
    raw = JSON.parse(typeof report === 'string' ? report : '');
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

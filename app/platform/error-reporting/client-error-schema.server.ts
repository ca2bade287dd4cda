import { z } from '~/platform/validation';
import { clientErrorKinds, type ClientErrorReport } from './client-error-report';
import { scrubText, stripQuery, trimStack, truncate } from './scrub';

/** Limits of one report: the whole request body, and each field before trimming. */
export const maxReportBytes = 16 * 1024;
export const clientErrorReportSchema = z.strictObject({
  kind: z.enum(clientErrorKinds),
  message: z.string().check(z.maxLength(2000)),
  stack: z.optional(z.string().check(z.maxLength(8000))),
  componentStack: z.optional(z.string().check(z.maxLength(8000))),
  path: z.string().check(z.minLength(1), z.maxLength(2000)),
});

/** The log line's fields: trimmed, scrubbed, the path without its query, the user agent cut short. */
export function sanitizeClientErrorReport(report: ClientErrorReport, userAgent: string | null) {
  return {
    kind: report.kind,
    message: truncate(scrubText(report.message), 500),
    ...(report.stack ? { stack: trimStack(report.stack) } : {}),
    ...(report.componentStack ? { componentStack: trimStack(report.componentStack, 15, 2000) } : {}),
    path: truncate(stripQuery(report.path), 300),
    userAgent: truncate(userAgent ?? '', 300),
  };
}

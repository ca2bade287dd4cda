import type { Route } from './+types/client-errors';
import { requestContext, servicesContext } from '~/context';
import { csrfFor } from '~/shared/security/form-page.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { receiveClientErrorReport } from '~/shared/error-reporting/client-error-endpoint.server';

/**
 * `GET /resources/client-errors`: a CSRF token for the browser's error reporter (and the CSRF cookie
 * when it has none). Anonymous pages carry no token, and the report is a POST like any other.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { token, headers } = csrfFor(request, context);
  return Response.json({ token }, { headers });
}

/**
 * `POST /resources/client-errors` (csrf, report): one browser error, logged with pino when no
 * Sentry DSN is configured (app/platform/error-reporting). Answers 204, or 400/413/429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { rateLimits } = context.get(servicesContext);
  const { logger, clientIp } = context.get(requestContext);
  const form = await submittedForm(request, context);
  const status = await receiveClientErrorReport(request, form, { rateLimits, logger, clientIp });
  return new Response(null, { status, headers: { 'Cache-Control': 'no-store' } });
}

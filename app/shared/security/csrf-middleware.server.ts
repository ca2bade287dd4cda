import { data, type MiddlewareFunction } from 'react-router';
import { fleetTrips } from '~/config/fleet';
import { servicesContext } from '~/context';
import { isCrossOrigin, isValidCsrf } from './csrf.server';
import { csrfBinding } from './form-page.server';
import { resubmissionRedirect } from './resubmission.server';
import { submittedForm } from './submitted-form.server';

/**
 * Every state-changing request is checked here, once, before any action runs: it must come from
 * our own origin and carry the form token that matches the browser's CSRF cookie and its session
 * (the customer's, read by the session middleware before this one; in the back office the staff
 * session's: `csrfBinding`). Reading the form here is also where a body
 * beyond the form limits is refused (400), before any action runs; the action reads the same
 * parsed form (submitted-form.server.ts). A form of our own pages whose token no longer matches goes
 * back to its page, filled in again, instead of ending at the error screen (resubmission.server.ts);
 * either way, no action runs. The fleet system's `POST /api/fleet/trips` carries a signature instead of a
 * token and is let through to its route (app/routes/resources/fleet-trips.ts), which checks it.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  if (request.method === 'GET' || request.method === 'HEAD') return next();
  // The one machine-to-machine path: the fleet system signs its body with a shared secret, which its route checks
  // before it reads anything (docs/rules/rides-and-charges.md#trips-in). Exactly this path, POST only.
  if (request.method === 'POST' && url.pathname === fleetTrips.path) return next();
  const { config } = context.get(servicesContext);
  if (isCrossOrigin(request, config.publicUrl)) throw data({ message: 'form.csrf-invalid' }, { status: 403 });
  const secure = config.publicUrl.startsWith('https:');
  const form = await submittedForm(request, context);
  const binding = csrfBinding(request, context);
  if (isValidCsrf(request, form, config.sessionSecret, secure, binding.sessionIdHash, binding.scope)) return next();
  const resubmission = resubmissionRedirect(request, url, form, config.publicUrl, secure);
  if (resubmission) return resubmission;
  throw data({ message: 'form.csrf-invalid' }, { status: 403 });
};

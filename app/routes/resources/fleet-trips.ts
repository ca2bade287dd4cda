import type { Route } from './+types/fleet-trips';
import { fleetTrips } from '~/config/fleet';
import { servicesContext } from '~/context';
import {
  checkedTrips,
  hasValidFleetSignature,
  isJsonContentType,
  readBoundedBody,
  receiveTrips,
} from '~/features/rides/public.server';

/**
 * `POST /api/fleet/trips`: ended trips from the fleet system, JSON signed with FLEET_WEBHOOK_SECRET
 * (docs/rules/rides-and-charges.md#trips-in). A machine's request: no session, no CSRF token (the CSRF middleware
 * lets this path through, app/shared/security/csrf-middleware.server.ts), the signature instead. Answers 413 for a
 * body beyond 256 KiB, 415 for one that is no JSON, 401 for a wrong or missing signature, 400 with the trip's index
 * and field for a malformed trip (nothing of the body stored), else 200 with what became of each trip.
 */
export function loader() {
  return answer({ error: 'method-not-allowed' }, 405, { Allow: 'POST' });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return answer({ error: 'method-not-allowed' }, 405, { Allow: 'POST' });
  if (Number(request.headers.get('content-length') ?? 0) > fleetTrips.maxBodyBytes) {
    return answer({ error: 'body-too-large' }, 413);
  }
  if (!isJsonContentType(request.headers.get('content-type'))) return answer({ error: 'json-expected' }, 415);
  const body = await readBoundedBody(request);
  if (!body) return answer({ error: 'body-too-large' }, 413);
  const services = context.get(servicesContext);
  if (
    !hasValidFleetSignature(body, request.headers.get(fleetTrips.signatureHeader), services.config.fleetWebhookSecret)
  ) {
    return answer({ error: 'signature-invalid' }, 401);
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return answer({ error: 'invalid-json' }, 400);
  }
  const now = new Date();
  const parsed = await checkedTrips(services, json, { now });
  if (!parsed.ok) return answer({ error: 'invalid-trip', ...parsed.refusal }, 400);
  const results = await receiveTrips(services, parsed.trips, { now });
  return answer({ results: results.map(({ tripId, status }) => ({ trip_id: tripId, status })) }, 200);
}

function answer(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

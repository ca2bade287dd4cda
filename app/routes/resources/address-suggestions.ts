import type { Route } from './+types/address-suggestions';
import { requestContext, servicesContext } from '~/context';
import type { AddressSuggestionsResponse } from '~/shared/geocoding/suggestions';
import { GeocoderError } from '~/shared/geocoding/geocoding.server';

const json = (body: AddressSuggestionsResponse, init: ResponseInit = {}) => Response.json(body, init);

/**
 * `GET /resources/address-suggestions?q=…`: the address field asks here, and this asks the geocoder,
 * so the geocoder's key never reaches the browser. Shorter than 3 characters gives no suggestions;
 * too many requests from one client give 429; a geocoder that does not answer gives 503.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { clientIp, logger } = context.get(requestContext);
  const query = url.searchParams.get('q') ?? '';
  try {
    const outcome = await services.geocoding.suggest(query, clientIp);
    if (outcome.status === 'rate-limited') {
      return json(
        { suggestions: [], error: 'rate-limited' },
        { status: 429, headers: { 'retry-after': String(outcome.retryAfterSeconds), 'cache-control': 'no-store' } },
      );
    }
    // Suggestions for a query hardly change; the browser may reuse them while someone corrects a typo.
    return json({ suggestions: outcome.suggestions }, { headers: { 'cache-control': 'private, max-age=300' } });
  } catch (error) {
    if (!(error instanceof GeocoderError)) throw error;
    logger.warn({ err: error }, 'address suggestions unavailable');
    return json({ suggestions: [], error: 'unavailable' }, { status: 503, headers: { 'cache-control': 'no-store' } });
  }
}

import type { Geocoder } from '~/platform/geocoder/types';
import { addressGroup } from '~/shared/security/address-group.server';

// A geocoder that did not answer: the address suggestions answer 503 and the field works on without them.
export { GeocoderError } from '~/platform/geocoder/types';
import { memoryRateLimitStore, type RateLimitStore } from '~/platform/rate-limit/store';
import {
  maxAddressQueryLength,
  minAddressQueryLength,
  normalizeAddressQuery,
  toSuggestions,
  type AddressSuggestion,
} from './suggestions';

/** A client asked for more addresses than its limit allows; the geocoder was not asked. */
export class AddressLookupLimitError extends Error {
  constructor() {
    super('address lookups beyond the client’s limit');
    this.name = 'AddressLookupLimitError';
  }
}

export interface GeocodingServiceOptions {
  geocoder: Geocoder;
  /** How long the suggestions for a query are reused; addresses hardly change. */
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  /** The shared counters (Redis when REDIS_URL is set); in-process by default. */
  rateLimits?: RateLimitStore;
  /** Requests per client and window; 30 a minute by default. */
  rateLimit?: { limit: number; windowMs: number };
  now?: () => number;
}

export type SuggestOutcome =
  { status: 'ok'; suggestions: AddressSuggestion[] } | { status: 'rate-limited'; retryAfterSeconds: number };

export interface GeocodingService {
  /** Which geocoder answers: `nominatim` or `gazetteer`. */
  readonly source: string;
  /**
   * Suggestions for what a visitor typed into the address field, limited per client. Throws a
   * GeocoderError when the geocoder does not answer.
   */
  suggest(query: string, client: string): Promise<SuggestOutcome>;
  /**
   * Suggestions for a text the server received with a form. Answered from the cache without limit; a
   * text that needs the geocoder counts against the client's limit, and beyond it throws an
   * AddressLookupLimitError.
   */
  suggestionsFor(text: string, client: string): Promise<AddressSuggestion[]>;
}

/**
 * The address rules (docs/rules/forms-and-fields.md#address-suggestions) on top of a geocoder: only usable
 * places, joined text, no duplicates; an in-memory cache per normalized query (concurrent requests for one
 * query share one geocoder call); and a limit per client on the shared rate-limit store.
 */
export function createGeocodingService(options: GeocodingServiceOptions): GeocodingService {
  const now = options.now ?? Date.now;
  const ttlMs = options.cacheTtlMs ?? 10 * 60_000;
  const maxEntries = options.cacheMaxEntries ?? 1000;
  const cache = new Map<string, { expiresAt: number; suggestions: AddressSuggestion[] }>();
  const pending = new Map<string, Promise<AddressSuggestion[]>>();
  const rateLimits = options.rateLimits ?? memoryRateLimitStore(now);
  const { limit, windowMs } = options.rateLimit ?? { limit: 30, windowMs: 60_000 };

  function cached(key: string): AddressSuggestion[] | undefined {
    const entry = cache.get(key);
    if (!entry) return undefined;
    cache.delete(key);
    if (entry.expiresAt <= now()) return undefined;
    cache.set(key, entry); // most recently used last
    return entry.suggestions;
  }

  /** Within the client's limit: per address group, so that one IPv6 network is one client. */
  function withinLimit(client: string): Promise<boolean> {
    return rateLimits.hit(`geocode:${addressGroup(client)}`, { max: limit, windowMs });
  }

  async function lookUp(query: string): Promise<AddressSuggestion[]> {
    const key = normalizeAddressQuery(query);
    if (key.length < minAddressQueryLength || key.length > maxAddressQueryLength) return [];
    const hit = cached(key);
    if (hit) return hit;
    let running = pending.get(key);
    if (!running) {
      running = options.geocoder
        .search(query.trim().replace(/\s+/g, ' '))
        .then((places) => {
          const suggestions = toSuggestions(places);
          if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
          cache.set(key, { expiresAt: now() + ttlMs, suggestions });
          return suggestions;
        })
        .finally(() => pending.delete(key));
      pending.set(key, running);
    }
    return running;
  }

  return {
    source: options.geocoder.name,
    async suggest(query, client) {
      const key = normalizeAddressQuery(query);
      if (key.length < minAddressQueryLength || key.length > maxAddressQueryLength) {
        return { status: 'ok', suggestions: [] };
      }
      // A fixed window that starts with the client's first request; the wait is at most one window.
      if (!(await withinLimit(client))) {
        return { status: 'rate-limited', retryAfterSeconds: Math.ceil(windowMs / 1000) };
      }
      return { status: 'ok', suggestions: await lookUp(query) };
    },
    async suggestionsFor(text, client) {
      const key = normalizeAddressQuery(text);
      if (key.length < minAddressQueryLength || key.length > maxAddressQueryLength) return [];
      const hit = cached(key);
      if (hit) return hit;
      // Every form sent with a new text would otherwise be a geocoder call, however many were sent.
      if (!(await withinLimit(client))) throw new AddressLookupLimitError();
      return lookUp(text);
    },
  };
}

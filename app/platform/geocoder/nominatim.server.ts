import { jsonHttpClient } from '~/platform/json-http.server';
import { GeocoderError, type GeocodedPlace, type Geocoder } from './types';

export interface NominatimOptions {
  /** GEOCODER_URL: the service's base; `/nominatim` is appended to it. */
  baseUrl: string;
  /** GEOCODER_KEY: sent as the `key` query parameter, from the server only. */
  key?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * A Nominatim-compatible geocoding service, called as docs/rules/forms-and-fields.md#geocoding-call says:
 * `GET {GEOCODER_URL}/nominatim?q=…&format=geocodejson&key=…&countrycodes=de&addressdetails=1&layer=address`.
 *
 * The answer is a geocodejson FeatureCollection. Nominatim puts the address parts under
 * `properties.geocoding` (geocodejson 0.1.0); the geocodejson draft and some compatible services put
 * them directly under `properties`. Both are read, and coordinates may be numbers or numeric text.
 */
export function nominatimGeocoder(options: NominatimOptions): Geocoder {
  const http = jsonHttpClient({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    service: 'Geocoder',
    error: (message, { cause }) => new GeocoderError(message, { cause }),
  });

  return {
    name: 'nominatim',
    async search(query) {
      const body = await http.read({
        path: '/nominatim',
        query: {
          q: query,
          format: 'geocodejson',
          key: options.key,
          countrycodes: 'de',
          addressdetails: '1',
          layer: 'address',
        },
        accept: 'application/geo+json, application/json',
      });
      return readGeocodeJson(body);
    },
  };
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function coordinate(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** Reads a geocodejson FeatureCollection into places; throws when the body is not one. */
export function readGeocodeJson(body: unknown): GeocodedPlace[] {
  if (!isRecord(body) || !Array.isArray(body.features)) {
    throw new GeocoderError('Geocoder answer has no feature list');
  }
  return body.features.filter(isRecord).map((feature) => {
    const properties = isRecord(feature.properties) ? feature.properties : {};
    const parts: Json = { ...properties, ...(isRecord(properties.geocoding) ? properties.geocoding : {}) };
    const coordinates = isRecord(feature.geometry) ? feature.geometry.coordinates : undefined;
    // GeoJSON order: [longitude, latitude].
    const [lon, lat] = Array.isArray(coordinates) ? coordinates : [];
    return {
      lon: coordinate(lon),
      lat: coordinate(lat),
      street: text(parts.street),
      housenumber: text(parts.housenumber),
      name: text(parts.name),
      postcode: text(parts.postcode),
      city: text(parts.city),
      osmId: text(parts.osm_id),
    };
  });
}

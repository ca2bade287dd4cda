import type { GeocodedPlace } from '~/platform/geocoder/types';

/**
 * Address suggestions (docs/rules/forms-and-fields.md#address-suggestions). Everything here is safe for the
 * browser: the field imports the type and the constants.
 */

/** A suggestion as the address field shows and stores it (docs/rules/forms-and-fields.md#address-field). */
export interface AddressSuggestion {
  /** Street, house number, name, postcode and city joined by spaces. */
  address: string;
  /** The map data source's id. */
  id: string;
  lon: number;
  lat: number;
}

/** The body of our resource route's answer. */
export interface AddressSuggestionsResponse {
  suggestions: AddressSuggestion[];
  error?: 'rate-limited' | 'unavailable';
}

/** Our own resource route; the browser never talks to the geocoder (its key stays on the server). */
export const addressSuggestionsPath = '/resources/address-suggestions';
/** The field asks 200 ms after the last keystroke (docs/rules/forms-and-fields.md#address-suggestions). */
export const addressDebounceMs = 200;
/** Shorter queries get no suggestions: too many matches, and no use to anybody. */
export const minAddressQueryLength = 3;
/** Longer queries are no address anyone types; they are not sent on. */
export const maxAddressQueryLength = 200;

function part(value: string | undefined): string {
  return value?.trim().replace(/\s+/g, ' ') ?? '';
}

/**
 * The address text: street, house number, name, postcode and city joined by spaces, empty parts
 * skipped. A name that only repeats the street (Nominatim names street objects after themselves)
 * is skipped too, so the street does not appear twice.
 */
export function addressText(place: GeocodedPlace): string {
  const street = part(place.street);
  const name = part(place.name);
  const parts = [
    street,
    part(place.housenumber),
    name.toLowerCase() === street.toLowerCase() ? '' : name,
    part(place.postcode),
    part(place.city),
  ];
  return parts.filter(Boolean).join(' ');
}

function isCoordinate(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Only places with coordinates, a city, a postcode and a street become suggestions
 * (docs/rules/forms-and-fields.md#address-suggestions); the id comes from the source's osm_id; a text seen
 * before is dropped (the first one wins, as the geocoder ranked it).
 */
export function toSuggestions(places: readonly GeocodedPlace[]): AddressSuggestion[] {
  const seen = new Set<string>();
  const suggestions: AddressSuggestion[] = [];
  for (const place of places) {
    if (!isCoordinate(place.lat) || !isCoordinate(place.lon)) continue;
    if (!part(place.city) || !part(place.postcode) || !part(place.street)) continue;
    const address = addressText(place);
    if (seen.has(address)) continue;
    seen.add(address);
    suggestions.push({ address, id: part(place.osmId) || address, lon: place.lon, lat: place.lat });
  }
  return suggestions;
}

/** The key a query is cached under: what was typed, trimmed, with single spaces, in lower case. */
export function normalizeAddressQuery(query: string): string {
  return query.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The suggestion a typed text names exactly (case and spacing aside), if any: lets a server that
 * received the plain text input (no JavaScript) accept an address the user typed out in full.
 */
export function suggestionMatchingText(
  text: string,
  suggestions: readonly AddressSuggestion[],
): AddressSuggestion | undefined {
  const wanted = normalizeAddressQuery(text).replace(/,/g, '');
  return suggestions.find((suggestion) => normalizeAddressQuery(suggestion.address) === wanted);
}

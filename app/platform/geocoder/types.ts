/**
 * One place as a geocoder found it (a geocodejson feature, read): every part may be missing, because
 * deciding what makes a usable address is a business rule (shared/geocoding), not the adapter's.
 */
export interface GeocodedPlace {
  lon?: number;
  lat?: number;
  street?: string;
  housenumber?: string;
  name?: string;
  postcode?: string;
  city?: string;
  /** The map data source's id (OpenStreetMap's osm_id), as text. */
  osmId?: string;
}

/** A geocoding service: Nominatim-compatible over HTTP, or the bundled offline gazetteer. */
export interface Geocoder {
  readonly name: string;
  search(query: string): Promise<GeocodedPlace[]>;
}

/** The geocoder did not answer usefully (unreachable, too slow, an error status, an unreadable body). */
export class GeocoderError extends Error {
  readonly code = 'GEOCODER_UNAVAILABLE';
}

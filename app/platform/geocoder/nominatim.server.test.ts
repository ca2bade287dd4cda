import { afterEach, describe, expect, it } from 'vitest';
import { geocodeJson, startNominatimServer } from '../../../tests/support/nominatim-server';
import { nominatimGeocoder, readGeocodeJson } from './nominatim.server';
import { GeocoderError } from './types';

type Server = Awaited<ReturnType<typeof startNominatimServer>>;
let server: Server | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const linden = {
  lon: 13.3936,
  lat: 52.5178,
  geocoding: {
    osm_type: 'way',
    osm_id: 123456789,
    housenumber: '6',
    street: 'Unter den Linden',
    name: 'Humboldt-Universität zu Berlin',
    postcode: '10117',
    city: 'Berlin',
    country: 'Deutschland',
    country_code: 'de',
  },
};

describe('nominatimGeocoder', () => {
  it('calls {GEOCODER_URL}/nominatim with exactly the documented parameters and reads geocodejson', async () => {
    server = await startNominatimServer((url) =>
      url.pathname === '/geo/nominatim'
        ? { status: 200, body: geocodeJson([linden], 'Unter den Linden 6') }
        : undefined,
    );
    const geocoder = nominatimGeocoder({ baseUrl: `${server.url}/geo/`, key: 'secret-key', timeoutMs: 2000 });

    const places = await geocoder.search('Unter den Linden 6');

    expect(server.requests).toHaveLength(1);
    const params = Object.fromEntries(server.requests[0]!.searchParams);
    expect(params).toEqual({
      q: 'Unter den Linden 6',
      format: 'geocodejson',
      key: 'secret-key',
      countrycodes: 'de',
      addressdetails: '1',
      layer: 'address',
    });
    expect(places).toEqual([
      {
        lon: 13.3936,
        lat: 52.5178,
        street: 'Unter den Linden',
        housenumber: '6',
        name: 'Humboldt-Universität zu Berlin',
        postcode: '10117',
        city: 'Berlin',
        osmId: '123456789',
      },
    ]);
  });

  it('answers a service that is down with a clear error', async () => {
    server = await startNominatimServer(() => ({ status: 503, body: { error: 'maintenance' } }));
    const geocoder = nominatimGeocoder({ baseUrl: server.url, key: 'k', timeoutMs: 2000 });
    const failure = geocoder.search('Zeil 1');
    await expect(failure).rejects.toBeInstanceOf(GeocoderError);
    await expect(failure).rejects.toThrow('Geocoder answered 503');
  });

  it('gives up on a service that does not answer within the timeout', { timeout: 5000 }, async () => {
    server = await startNominatimServer(() => 'hang');
    const geocoder = nominatimGeocoder({ baseUrl: server.url, key: 'k', timeoutMs: 300 });
    const failure = geocoder.search('Zeil 1');
    await expect(failure).rejects.toBeInstanceOf(GeocoderError);
    await expect(failure).rejects.toThrow('Geocoder did not answer within 300 ms');
  });

  it('reports an unreachable service and a body that is not geocodejson', async () => {
    server = await startNominatimServer(() => ({ status: 200, body: 'not json' }));
    const broken = nominatimGeocoder({ baseUrl: server.url, timeoutMs: 2000 });
    await expect(broken.search('Zeil 1')).rejects.toThrow('Geocoder answered with invalid JSON');

    const address = server.url;
    await server.close();
    server = undefined;
    const unreachable = nominatimGeocoder({ baseUrl: address, timeoutMs: 2000 });
    await expect(unreachable.search('Zeil 1')).rejects.toThrow('Geocoder unreachable');
  });
});

describe('readGeocodeJson', () => {
  it('also reads the address parts directly under properties, and coordinates given as text', () => {
    const places = readGeocodeJson({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {
            street: 'Zeil',
            housenumber: '106',
            postcode: '60313',
            city: 'Frankfurt am Main',
            osm_id: '42',
          },
          geometry: { type: 'Point', coordinates: ['8.6812', '50.1143'] },
        },
        { type: 'Feature', properties: { geocoding: { city: 'Berlin' } }, geometry: null },
      ],
    });
    expect(places).toEqual([
      {
        lon: 8.6812,
        lat: 50.1143,
        street: 'Zeil',
        housenumber: '106',
        postcode: '60313',
        city: 'Frankfurt am Main',
        osmId: '42',
      },
      { city: 'Berlin' },
    ]);
  });

  it('refuses an answer without a feature list', () => {
    expect(() => readGeocodeJson({ error: 'Unauthorized' })).toThrow(GeocoderError);
  });
});

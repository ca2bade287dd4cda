import { describe, expect, it } from 'vitest';
import { gazetteerGeocoder } from '~/platform/geocoder/gazetteer.server';
import { GeocoderError, type GeocodedPlace, type Geocoder } from '~/platform/geocoder/types';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import { AddressLookupLimitError, createGeocodingService } from './geocoding.server';

/** A geocoder that counts its calls and answers from a list. */
function fakeGeocoder(places: GeocodedPlace[] = []) {
  const queries: string[] = [];
  const geocoder: Geocoder = {
    name: 'fake',
    async search(query) {
      queries.push(query);
      return places;
    },
  };
  return { geocoder, queries };
}

const place = (housenumber: string, extra: Partial<GeocodedPlace> = {}): GeocodedPlace => ({
  lon: 8.68,
  lat: 50.114,
  street: 'Zeil',
  housenumber,
  postcode: '60313',
  city: 'Frankfurt am Main',
  osmId: `osm-${housenumber}`,
  ...extra,
});

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('createGeocodingService', () => {
  it('turns the geocoder’s places into suggestions by the address rules', async () => {
    const { geocoder } = fakeGeocoder([place('1'), place('1', { osmId: 'again' }), place('2', { city: '' })]);
    const service = createGeocodingService({ geocoder });
    expect(await service.suggest('Zeil 1', '198.51.100.1')).toEqual({
      status: 'ok',
      suggestions: [{ address: 'Zeil 1 60313 Frankfurt am Main', id: 'osm-1', lon: 8.68, lat: 50.114 }],
    });
  });

  it('asks nothing for queries shorter than 3 characters', async () => {
    const { geocoder, queries } = fakeGeocoder([place('1')]);
    const service = createGeocodingService({ geocoder });
    expect(await service.suggest(' Ze ', 'client')).toEqual({ status: 'ok', suggestions: [] });
    expect(await service.suggestionsFor('', 'a')).toEqual([]);
    expect(queries).toEqual([]);
  });

  it('caches the suggestions per normalized query until the time to live is over', async () => {
    const time = clock();
    const { geocoder, queries } = fakeGeocoder([place('1')]);
    const service = createGeocodingService({ geocoder, cacheTtlMs: 60_000, now: time.now });

    await service.suggest('Zeil 1', 'a');
    await service.suggest('  zeil   1 ', 'b');
    await service.suggestionsFor('ZEIL 1', 'a');
    expect(queries).toEqual(['Zeil 1']);

    time.advance(60_001);
    await service.suggest('Zeil 1', 'a');
    expect(queries).toEqual(['Zeil 1', 'Zeil 1']);
  });

  it('shares one geocoder call between concurrent requests for the same query', async () => {
    const { geocoder, queries } = fakeGeocoder([place('1')]);
    const service = createGeocodingService({ geocoder });
    await Promise.all([service.suggest('Zeil 1', 'a'), service.suggest('zeil 1', 'b')]);
    expect(queries).toHaveLength(1);
  });

  it('keeps at most the configured number of queries, dropping the least recently used', async () => {
    const { geocoder, queries } = fakeGeocoder([place('1')]);
    const service = createGeocodingService({ geocoder, cacheMaxEntries: 2 });
    await service.suggestionsFor('Zeil 1', 'a');
    await service.suggestionsFor('Zeil 2', 'a');
    await service.suggestionsFor('Zeil 1', 'a'); // now the most recent
    await service.suggestionsFor('Zeil 3', 'a'); // drops "Zeil 2"
    await service.suggestionsFor('Zeil 1', 'a');
    expect(queries).toEqual(['Zeil 1', 'Zeil 2', 'Zeil 3']);
    await service.suggestionsFor('Zeil 2', 'a');
    expect(queries).toEqual(['Zeil 1', 'Zeil 2', 'Zeil 3', 'Zeil 2']);
  });

  it('does not cache a failure', async () => {
    let fail = true;
    const geocoder: Geocoder = {
      name: 'flaky',
      async search() {
        if (fail) throw new GeocoderError('down');
        return [place('1')];
      },
    };
    const service = createGeocodingService({ geocoder });
    await expect(service.suggest('Zeil 1', 'a')).rejects.toBeInstanceOf(GeocoderError);
    fail = false;
    expect(await service.suggest('Zeil 1', 'a')).toMatchObject({ status: 'ok', suggestions: [{ id: 'osm-1' }] });
  });

  it('limits each client to 30 requests a minute; other clients go on', async () => {
    const time = clock();
    const { geocoder } = fakeGeocoder([place('1')]);
    const service = createGeocodingService({ geocoder, rateLimits: memoryRateLimitStore(time.now), now: time.now });

    for (let i = 0; i < 30; i++) {
      expect((await service.suggest(`Zeil ${i}`, '198.51.100.7')).status).toBe('ok');
    }
    expect(await service.suggest('Zeil 31', '198.51.100.7')).toEqual({ status: 'rate-limited', retryAfterSeconds: 60 });
    expect((await service.suggest('Zeil 31', '198.51.100.8')).status).toBe('ok');

    time.advance(60_001);
    expect((await service.suggest('Zeil 32', '198.51.100.7')).status).toBe('ok');
  });

  it('counts the addresses of one IPv6 network as one client', async () => {
    const { geocoder } = fakeGeocoder([place('1')]);
    const service = createGeocodingService({ geocoder, rateLimit: { limit: 1, windowMs: 60_000 } });
    expect((await service.suggest('Zeil 1', '2001:db8:1:2::1')).status).toBe('ok');
    expect((await service.suggest('Zeil 2', '2001:db8:1:2::ffff')).status).toBe('rate-limited');
    expect((await service.suggest('Zeil 2', '2001:db8:1:3::1')).status).toBe('ok');
  });

  it('counts the lookups of forms that need the geocoder against the client’s limit, not those it knows', async () => {
    const { geocoder, queries } = fakeGeocoder([place('1')]);
    const service = createGeocodingService({ geocoder, rateLimit: { limit: 2, windowMs: 60_000 } });
    expect(await service.suggestionsFor('Zeil 1', 'a')).toHaveLength(1);
    expect(await service.suggestionsFor('Zeil 2', 'a')).toHaveLength(1);
    // A new text beyond the limit is refused without asking the geocoder; known ones are still answered.
    await expect(service.suggestionsFor('Zeil 3', 'a')).rejects.toBeInstanceOf(AddressLookupLimitError);
    expect(await service.suggestionsFor('zeil 1', 'a')).toHaveLength(1);
    expect(await service.suggestionsFor('Zeil 3', 'b')).toHaveLength(1);
    expect(queries).toEqual(['Zeil 1', 'Zeil 2', 'Zeil 3']);
    // Suggestions and forms share the limit.
    expect((await service.suggest('Zeil 4', 'a')).status).toBe('rate-limited');
  });

  it('works on the bundled gazetteer', async () => {
    const service = createGeocodingService({ geocoder: gazetteerGeocoder() });
    const outcome = await service.suggest('Unter den L', 'a');
    expect(outcome.status).toBe('ok');
    const suggestions = outcome.status === 'ok' ? outcome.suggestions : [];
    expect(suggestions.length).toBeGreaterThan(3);
    expect(suggestions[0]).toEqual({
      address: 'Unter den Linden 1 10117 Berlin',
      id: '10117-unter-den-linden-1',
      lon: expect.any(Number),
      lat: expect.any(Number),
    });
    expect(suggestions.every((suggestion) => suggestion.address.endsWith('10117 Berlin'))).toBe(true);
  });
});

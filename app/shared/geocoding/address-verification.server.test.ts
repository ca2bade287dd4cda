import { describe, expect, it } from 'vitest';
import { gazetteerGeocoder } from '~/platform/geocoder/gazetteer.server';
import { verifyAddressField } from './address-verification.server';
import { addressSchema } from './address-schema';
import { createGeocodingService } from './geocoding.server';

/** The embedded default: the bundled gazetteer of real German addresses. */
const services = { geocoding: createGeocodingService({ geocoder: gazetteerGeocoder() }) };
/** The sender of every form here: one client, well within its limit. */
const client = '198.51.100.7';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

function addressOf(data: FormData) {
  return addressSchema.safeParse({
    text: data.get('address.text') ?? undefined,
    lat: data.has('address.lat') ? Number(data.get('address.lat')) : undefined,
    lon: data.has('address.lon') ? Number(data.get('address.lon')) : undefined,
    id: data.get('address.id') ?? undefined,
  });
}

describe('the server’s check of an address field', () => {
  it('keeps a suggestion the geocoder knows, with the geocoder’s own location', async () => {
    const [suggestion] = await services.geocoding.suggestionsFor('Alexanderplatz 1 Berlin', client);
    const data = form({
      'address.text': suggestion!.address,
      'address.lat': String(suggestion!.lat + 0.001),
      'address.lon': String(suggestion!.lon),
      'address.id': suggestion!.id,
    });
    expect(await verifyAddressField(services, data, client)).toEqual([]);
    expect(addressOf(data)).toMatchObject({
      success: true,
      data: { text: suggestion!.address, lat: suggestion!.lat, lon: suggestion!.lon, id: suggestion!.id },
    });
  });

  it('drops a made-up address sent with coordinates, so that "pick a suggestion" shows', async () => {
    const data = form({
      'address.text': 'Erfundene Straße 99 12345 Nirgendwo',
      'address.lat': '52.5',
      'address.lon': '13.4',
      'address.id': 'made-up',
    });
    await verifyAddressField(services, data, client);
    const parsed = addressOf(data);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['text'], message: 'address.pick-suggestion' });
  });

  it('drops a location sent by a client beyond its limit of lookups, rather than keep it unchecked', async () => {
    const limited = {
      geocoding: createGeocodingService({ geocoder: gazetteerGeocoder(), rateLimit: { limit: 1, windowMs: 60_000 } }),
    };
    await limited.geocoding.suggestionsFor('Alexanderplatz 1 Berlin', client);
    const data = form({
      'address.text': 'Erfundene Straße 99 12345 Nirgendwo',
      'address.lat': '52.5',
      'address.lon': '13.4',
      'address.id': 'made-up',
    });
    expect(await verifyAddressField(limited, data, client)).toEqual([]);
    expect(addressOf(data).error?.issues[0]).toMatchObject({ path: ['text'], message: 'address.pick-suggestion' });
  });

  it('without JavaScript accepts typed text naming one address, and offers suggestions otherwise', async () => {
    const [suggestion] = await services.geocoding.suggestionsFor('Alexanderplatz 1 Berlin', client);
    const exact = form({ 'address.text': suggestion!.address });
    expect(await verifyAddressField(services, exact, client)).toEqual([]);
    expect(addressOf(exact).success).toBe(true);

    const vague = form({ 'address.text': 'Alexanderplatz Berlin' });
    const offered = await verifyAddressField(services, vague, client);
    expect(offered.length).toBeGreaterThan(1);
    expect(addressOf(vague).success).toBe(false);

    const chosen = form({ 'address.text': 'Alexanderplatz Berlin', 'address.choice': offered[1]!.id });
    expect(await verifyAddressField(services, chosen, client)).toEqual([]);
    expect(addressOf(chosen)).toMatchObject({ success: true, data: { text: offered[1]!.address } });
  });
});

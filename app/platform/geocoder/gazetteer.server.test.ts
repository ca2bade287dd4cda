import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fold, gazetteerGeocoder } from './gazetteer.server';

const gazetteer = gazetteerGeocoder();

describe('gazetteerGeocoder', () => {
  it('answers "Unter den L" with Berlin addresses in the geocoder shape, in house-number order', async () => {
    const places = await gazetteer.search('Unter den L');
    expect(places.length).toBeGreaterThan(3);
    for (const place of places) {
      expect(place).toMatchObject({ street: 'Unter den Linden', postcode: '10117', city: 'Berlin' });
      expect(place.housenumber).toMatch(/^\d+$/);
      expect(place.lat).toBeGreaterThan(52.51);
      expect(place.lat).toBeLessThan(52.52);
      expect(place.lon).toBeGreaterThan(13.37);
      expect(place.lon).toBeLessThan(13.4);
      expect(place.osmId).toMatch(/^10117-unter-den-linden-\d+$/);
    }
    const numbers = places.map((place) => Number(place.housenumber));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('puts an exactly typed house number first', async () => {
    const [first] = await gazetteer.search('Friedrichstraße 43');
    expect(first).toMatchObject({ street: 'Friedrichstraße', housenumber: '43', city: 'Berlin' });
  });

  it('ignores case, accents, umlaut spellings and the Str. abbreviation', async () => {
    expect((await gazetteer.search('KONIGSALLEE'))[0]).toMatchObject({ street: 'Königsallee', city: 'Düsseldorf' });
    expect((await gazetteer.search('koenigsallee'))[0]).toMatchObject({ street: 'Königsallee' });
    expect((await gazetteer.search('Hohe Str. 1'))[0]).toMatchObject({ street: 'Hohe Straße', city: 'Köln' });
    expect((await gazetteer.search('hohe strasse'))[0]).toMatchObject({ street: 'Hohe Straße' });
  });

  it('finds the well-known streets of several cities, and by postcode or city too', async () => {
    const cityOf = async (query: string) => (await gazetteer.search(query))[0]?.city;
    expect(await cityOf('Alexanderplatz')).toBe('Berlin');
    expect(await cityOf('Jungfernstieg')).toBe('Hamburg');
    expect(await cityOf('Marienplatz')).toBe('München');
    expect(await cityOf('Zeil')).toBe('Frankfurt am Main');
    expect(await cityOf('Königstraße Stuttgart')).toBe('Stuttgart');
    expect(await cityOf('Königstraße Nürnberg')).toBe('Nürnberg');
    expect(await cityOf('Grimmaische')).toBe('Leipzig');
    expect(await cityOf('60313')).toBe('Frankfurt am Main');
  });

  it('finds a place by its name', async () => {
    expect((await gazetteer.search('Kölner Dom'))[0]).toMatchObject({
      street: 'Domkloster',
      housenumber: '4',
      name: 'Kölner Dom',
    });
  });

  it('answers nothing for words that start no address word, and at most 10 places', async () => {
    expect(await gazetteer.search('Atlantis')).toEqual([]);
    expect(await gazetteer.search('   ')).toEqual([]);
    expect((await gazetteer.search('Berlin')).length).toBe(10);
  });

  it('folds spellings the same way on both sides', () => {
    expect(fold('Straße')).toBe(fold('Strasse'));
    expect(fold('Mönckebergstraße')).toBe(fold('Moenckebergstrasse'));
    expect(fold('Friedrichstr.')).toBe(fold('Friedrichstraße'));
  });
});

describe('the bundled gazetteer file', () => {
  const file = JSON.parse(readFileSync(path.resolve('content/gazetteer/addresses.json'), 'utf8')) as {
    addresses: [string, string, string, string, number, number, string?][];
  };

  it('holds a few hundred complete German addresses inside Germany', () => {
    expect(file.addresses.length).toBeGreaterThan(300);
    const cities = new Set(file.addresses.map(([city]) => city));
    for (const city of [
      'Berlin',
      'Hamburg',
      'München',
      'Köln',
      'Frankfurt am Main',
      'Stuttgart',
      'Düsseldorf',
      'Leipzig',
    ]) {
      expect(cities).toContain(city);
    }
    const seen = new Set<string>();
    for (const [city, postcode, street, housenumber, lat, lon] of file.addresses) {
      expect(postcode).toMatch(/^\d{5}$/);
      expect(street.length).toBeGreaterThan(1);
      expect(city.length).toBeGreaterThan(1);
      expect(housenumber).toMatch(/^\d+[a-z]?$/);
      expect(lat).toBeGreaterThan(47.2);
      expect(lat).toBeLessThan(55.1);
      expect(lon).toBeGreaterThan(5.8);
      expect(lon).toBeLessThan(15.1);
      const key = `${postcode} ${street} ${housenumber}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });
});

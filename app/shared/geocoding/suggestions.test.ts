import { describe, expect, it } from 'vitest';
import type { GeocodedPlace } from '~/platform/geocoder/types';
import { addressText, normalizeAddressQuery, suggestionMatchingText, toSuggestions } from './suggestions';

const complete: GeocodedPlace = {
  lon: 13.3936,
  lat: 52.5178,
  street: 'Unter den Linden',
  housenumber: '6',
  postcode: '10117',
  city: 'Berlin',
  osmId: '123',
};

describe('addressText', () => {
  it('joins street, house number, name, postcode and city with spaces, skipping empty parts', () => {
    expect(addressText({ ...complete, name: 'Humboldt-Universität zu Berlin' })).toBe(
      'Unter den Linden 6 Humboldt-Universität zu Berlin 10117 Berlin',
    );
    expect(addressText({ ...complete, housenumber: undefined, name: '  ' })).toBe('Unter den Linden 10117 Berlin');
  });

  it('does not repeat a name that is only the street', () => {
    expect(addressText({ ...complete, name: 'Unter den Linden' })).toBe('Unter den Linden 6 10117 Berlin');
  });
});

describe('toSuggestions', () => {
  it('keeps only places with coordinates, city, postcode and street', () => {
    const suggestions = toSuggestions([
      complete,
      { ...complete, osmId: '1', lat: undefined },
      { ...complete, osmId: '2', lon: Number.NaN },
      { ...complete, osmId: '3', city: undefined },
      { ...complete, osmId: '4', postcode: '' },
      { ...complete, osmId: '5', street: undefined, name: 'Berlin' },
    ]);
    expect(suggestions).toEqual([
      { address: 'Unter den Linden 6 10117 Berlin', id: '123', lon: 13.3936, lat: 52.5178 },
    ]);
  });

  it('takes the id from osm_id and drops duplicates by text, keeping the first', () => {
    const suggestions = toSuggestions([
      complete,
      { ...complete, osmId: '999', lat: 52.6 },
      { ...complete, housenumber: '7', osmId: '124' },
    ]);
    expect(suggestions.map(({ address, id }) => [address, id])).toEqual([
      ['Unter den Linden 6 10117 Berlin', '123'],
      ['Unter den Linden 7 10117 Berlin', '124'],
    ]);
  });

  it('falls back to the text as id when the source gives none', () => {
    expect(toSuggestions([{ ...complete, osmId: undefined }])[0]?.id).toBe('Unter den Linden 6 10117 Berlin');
  });
});

describe('query helpers', () => {
  it('normalizes a query for the cache', () => {
    expect(normalizeAddressQuery('  Unter   den LINDEN ')).toBe('unter den linden');
  });

  it('finds the suggestion a typed text names exactly', () => {
    const suggestions = toSuggestions([complete]);
    expect(suggestionMatchingText('unter den linden 6, 10117  Berlin', suggestions)?.id).toBe('123');
    expect(suggestionMatchingText('Unter den Linden', suggestions)).toBeUndefined();
  });
});

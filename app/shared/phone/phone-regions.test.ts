import { getCountryCodeForRegionCode, getSupportedRegionCodes } from 'awesome-phonenumber';
import { describe, expect, it } from 'vitest';
import { locales } from '~/i18n/locales';
import { callingCodes, phoneRegion, phoneRegionOptions } from './phone-regions';

describe('callingCodes', () => {
  it('are the regions and calling codes of the phone number library', () => {
    const library = new Map(getSupportedRegionCodes().map((code) => [code, getCountryCodeForRegionCode(code)]));
    expect(new Map([...callingCodes].sort())).toEqual(new Map([...library].sort()));
  });
});

describe('phoneRegion', () => {
  it('takes a known region in any case and falls back to DE', () => {
    expect(phoneRegion(undefined)).toBe('DE');
    expect(phoneRegion('zz')).toBe('DE');
    expect(phoneRegion(' at ')).toBe('AT');
  });
});

describe('phoneRegionOptions', () => {
  it('names the regions in the visitor’s language, Germany first', () => {
    const de = phoneRegionOptions('de');
    expect(de).toHaveLength(14);
    expect(de[0]).toEqual({ value: 'DE', label: 'Deutschland (+49)', callingCode: 49 });
    expect(de.find((option) => option.value === 'AT')?.label).toBe('Österreich (+43)');
    expect(phoneRegionOptions('en').find((option) => option.value === 'CH')?.label).toBe('Switzerland (+41)');
  });

  it.each(locales)(
    'names and orders the regions in %s as Intl does, and offers the same regions in every language',
    (locale) => {
      const options = phoneRegionOptions(locale);
      expect(options.filter(({ value }) => !callingCodes.has(value))).toEqual([]);
      const names = new Intl.DisplayNames([locale], { type: 'region' });
      const collator = new Intl.Collator(locale);
      const expected = options
        .map(({ value }) => ({ value, name: names.of(value)! }))
        .sort((a, b) => (a.value === 'DE' ? -1 : b.value === 'DE' ? 1 : collator.compare(a.name, b.name)));
      expect(options.map(({ value, label }) => [value, label])).toEqual(
        expected.map(({ value, name }) => [value, `${name} (+${callingCodes.get(value)})`]),
      );
      expect(options.map(({ value }) => value).sort()).toEqual(
        phoneRegionOptions('de')
          .map(({ value }) => value)
          .sort(),
      );
    },
  );
});

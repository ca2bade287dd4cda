import { getCountryCodeForRegionCode, getSupportedRegionCodes } from 'awesome-phonenumber';
import { describe, expect, it } from 'vitest';
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
  it('names the default regions in the visitor’s language, Germany first', () => {
    const de = phoneRegionOptions('de');
    expect(de).toHaveLength(14);
    expect(de[0]).toEqual({ value: 'DE', label: 'Deutschland (+49)', callingCode: 49 });
    expect(de.find((option) => option.value === 'AT')?.label).toBe('Österreich (+43)');
    expect(phoneRegionOptions('en').find((option) => option.value === 'CH')?.label).toBe('Switzerland (+41)');
  });

  it('takes a list from the form’s options and drops unknown codes', () => {
    expect(phoneRegionOptions('en', ['nl', 'DE', 'XX']).map((option) => option.value)).toEqual(['DE', 'NL']);
  });
});

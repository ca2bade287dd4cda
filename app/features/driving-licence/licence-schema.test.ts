import { describe, expect, it } from 'vitest';
import { business } from '~/config/business';
import { countryOptions, licenceCountries } from './countries';
import { expiryDateProblem, issueDateProblem, issuedBeforeAgeProblem, licenceSchemaFor } from './licence-schema';

/** The licence fields' rules (docs/rules/accounts.md#driving-licence), on a fixed Berlin date. */
const today = '2026-11-24';
const schema = licenceSchemaFor(() => today);
const form = (overrides: Record<string, string | undefined> = {}) => ({
  number: 'B072RRE2I55',
  issuingCountry: 'DE',
  issuedOn: '01.06.2010',
  expiresOn: '',
  ...overrides,
});
const messages = (input: Record<string, string | undefined>) => {
  const result = schema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the date of issue', () => {
  it(`must lie at least ${business.minimumLicenceYears} full year(s) back: the anniversary counts, the day before does not`, () => {
    expect(business.minimumLicenceYears).toBe(1);
    expect(messages(form({ issuedOn: '24.11.2025' }))).toEqual({});
    expect(messages(form({ issuedOn: '25.11.2025' }))).toEqual({ issuedOn: 'licence.too-recent?years=1' });
    expect(messages(form({ issuedOn: '24.11.2026' }))).toEqual({ issuedOn: 'licence.too-recent?years=1' });
  });

  it('takes the minimum from configuration', () => {
    expect(issueDateProblem('2024-11-24', today, 2)).toBeNull();
    expect(issueDateProblem('2024-11-25', today, 2)).toBe('licence.too-recent?years=2');
  });

  it(`cannot lie before the holder's ${business.licenceHolderMinimumAge}th birthday`, () => {
    expect(issuedBeforeAgeProblem('2007-03-12', '1990-03-12')).toBeNull();
    expect(issuedBeforeAgeProblem('2007-03-11', '1990-03-12')).toBe('licence.issued-before-age?years=17');
    expect(issuedBeforeAgeProblem('1020-01-01', '1990-03-12')).toBe('licence.issued-before-age?years=17');
  });

  it('cannot lie in the future', () => {
    expect(messages(form({ issuedOn: '25.11.2026' }))).toEqual({ issuedOn: 'licence.issued-in-future' });
  });

  it('is a real calendar date typed dd.mm.yyyy, and comes out yyyy-mm-dd', () => {
    expect(messages(form({ issuedOn: '30.02.2020' }))).toEqual({ issuedOn: 'date.invalid' });
    expect(messages(form({ issuedOn: '2020-01-01' }))).toEqual({ issuedOn: 'date.invalid' });
    expect(messages(form({ issuedOn: '' }))).toEqual({ issuedOn: 'date.invalid' });
    expect(schema.parse(form()).issuedOn).toBe('2010-06-01');
  });
});

describe('the expiry date', () => {
  it('is optional: empty means no expiry', () => {
    expect(schema.parse(form({ expiresOn: '' })).expiresOn).toBeNull();
    expect(schema.parse(form({ expiresOn: undefined })).expiresOn).toBeNull();
  });

  it('may be today, not yesterday', () => {
    expect(schema.parse(form({ expiresOn: '24.11.2026' })).expiresOn).toBe('2026-11-24');
    expect(messages(form({ expiresOn: '23.11.2026' }))).toEqual({ expiresOn: 'licence.expired' });
  });

  it('must come after the date of issue', () => {
    expect(expiryDateProblem('2010-06-01', '2010-06-01', '2000-01-01')).toBe('licence.expiry-before-issue');
    expect(expiryDateProblem('2010-06-02', '2010-06-01', '2000-01-01')).toBeNull();
    expect(messages(form({ issuedOn: '01.06.2010', expiresOn: '31.12.2035' }))).toEqual({});
  });

  it('is a real calendar date', () => {
    expect(messages(form({ expiresOn: '31.04.2030' }))).toEqual({ expiresOn: 'date.invalid' });
  });

  it(`lies at most ${business.licenceMaxValidityYears} years ahead, the longest a licence is valid`, () => {
    expect(messages(form({ expiresOn: '24.11.2041' }))).toEqual({});
    expect(messages(form({ expiresOn: '25.11.2041' }))).toEqual({ expiresOn: 'licence.expiry-too-far?years=15' });
    expect(messages(form({ expiresOn: '31.12.2099' }))).toEqual({ expiresOn: 'licence.expiry-too-far?years=15' });
  });
});

describe('the licence number', () => {
  it('is stored in upper case without spaces', () => {
    expect(schema.parse(form({ number: ' b072 rre2 i55 ' })).number).toBe('B072RRE2I55');
  });

  it('allows letters, digits and hyphens, 5 to 20 characters', () => {
    expect(messages(form({ number: 'AB-12345' }))).toEqual({});
    expect(messages(form({ number: 'B072/RR' }))).toEqual({ number: 'licence.number-characters' });
    expect(messages(form({ number: 'B07' }))).toEqual({ number: 'licence.number-too-short' });
    expect(messages(form({ number: 'A'.repeat(21) }))).toEqual({ number: 'text.too-long' });
    expect(messages(form({ number: '   ' }))).toEqual({ number: 'required' });
  });
});

describe('the issuing country', () => {
  it('is one of the EU and EEA states or Switzerland', () => {
    expect(licenceCountries).toHaveLength(31);
    expect(licenceCountries).toEqual(expect.arrayContaining(['DE', 'AT', 'NO', 'IS', 'LI', 'CH']));
    expect(messages(form({ issuingCountry: 'US' }))).toEqual({ issuingCountry: 'licence.country-required' });
    expect(messages(form({ issuingCountry: '' }))).toEqual({ issuingCountry: 'licence.country-required' });
  });

  it('is offered by its name in the page language, sorted by that name', () => {
    const de = countryOptions('de');
    const en = countryOptions('en');
    expect(de.find((option) => option.value === 'DE')?.label).toBe('Deutschland');
    expect(en.find((option) => option.value === 'DE')?.label).toBe('Germany');
    expect(en.map((option) => option.label)).toEqual(
      [...en.map((option) => option.label)].sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(de[0]?.value).toBe('BE');
  });
});

it('reports every wrong field at once', () => {
  expect(
    Object.keys(messages({ number: 'x', issuingCountry: 'XX', issuedOn: 'soon', expiresOn: 'never' })).sort(),
  ).toEqual(['expiresOn', 'issuedOn', 'issuingCountry', 'number']);
});

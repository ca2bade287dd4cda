import type { Locale } from '~/i18n/locales';

/**
 * Countries whose driving licences car sharing accepts at registration (docs/rules/accounts.md#driving-licence):
 * the EU and EEA states, and Switzerland. ISO 3166-1 alpha-2 codes.
 */
export const licenceCountries = [
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type LicenceCountry = (typeof licenceCountries)[number];

const displayNames = new Map<Locale, Intl.DisplayNames>();

/** The country's name in the page's language (Intl.DisplayNames), or its code when the runtime has none. */
export function countryName(code: string, locale: Locale): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

/**
 * The issuing-country choices, sorted by their localized names. Built on the server and handed to the form as
 * data, so that the browser shows exactly the names the server rendered.
 */
export function countryOptions(locale: Locale): { value: string; label: string }[] {
  return licenceCountries
    .map((code) => ({ value: code, label: countryName(code, locale) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

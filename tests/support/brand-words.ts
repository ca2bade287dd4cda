import type { Brand } from '~/config/brand';

/**
 * The words that belong to one brand only (docs/rules/general.md#brands): a page or mail of the
 * other brand must not contain them. Compounds are listed where a word boundary would not catch
 * them ("Radnummer").
 */
export const brandWords: Record<Brand, readonly string[]> = {
  cab: [
    'Call a Bike',
    'Rad',
    'Räder',
    'Rades',
    'Radnummer',
    'Rad melden',
    'Fahrrad',
    'Fahrräder',
    'Fahrradverleih',
    'Radfahren',
    'Bike',
    'Bikes',
    'E-Bike',
    'E-Bikes',
    'Pedelec',
    'Sattel',
    'Bremse',
    'Klingel',
    'bicycle',
    'cycling',
    'saddle',
    'bike number',
  ],
  flinkster: [
    'Flinkster',
    'Auto',
    'Autos',
    'Carsharing',
    'Car-Sharing',
    'Fahrzeugschaden',
    'Fahrzeugschäden',
    'Fahrzeugklasse',
    'Fahrzeugklassen',
    'Kennzeichen',
    'Führerschein',
    'Führerscheins',
    'Fahrerlaubnis',
    'Tanken',
    'car',
    'cars',
    'car sharing',
    'driving licence',
    'driving license',
    'licence plate',
    'vehicle damage',
    'fuel',
  ],
};

/** The words a page of `brand` must not show: the other brands'. */
export function otherBrandWords(brand: Brand): string[] {
  return (Object.keys(brandWords) as Brand[]).filter((other) => other !== brand).flatMap((other) => brandWords[other]);
}

/**
 * The listed words that occur in `text` as whole words: "Rad" in "Rad melden", not in "Radius" or
 * "Fahrrad" (which is listed on its own); letters and digits on either side make it another word,
 * umlauts included, which `\b` does not know.
 */
export function wordsOf(text: string, words: readonly string[]): string[] {
  return words.filter((word) => {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
    return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
  });
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from '~/platform/validation';
import type { GeocodedPlace, Geocoder } from './types';

export interface GazetteerOptions {
  /** The gazetteer file; content/gazetteer/addresses.json by default. */
  file?: string;
  /** Most places one search returns (Nominatim's default is 10). */
  limit?: number;
}

/** One row of content/gazetteer/addresses.json: city, postcode, street, house number, lat, lon[, name]. */
const gazetteerFileSchema = z.object({
  addresses: z.array(z.tuple([z.string(), z.string(), z.string(), z.string(), z.number(), z.number()], z.string())),
});

interface Entry {
  place: GeocodedPlace;
  /** Folded street, the phrase a query most often starts with. */
  street: string;
  tokens: string[];
  houseNumber: string;
  order: number;
}

/**
 * The offline default when no GEOCODER_URL is set: real German addresses shipped in the repository
 * (content/gazetteer/), answering in the same shape as the Nominatim adapter. Matching is forgiving
 * in the way people type: case, accents and umlaut spellings (ö, oe, o) do not matter, every word
 * of the query must start a word of the address, and `Str.` matches `Straße`.
 */
export function gazetteerGeocoder(options: GazetteerOptions = {}): Geocoder {
  const file = options.file ?? path.resolve('content', 'gazetteer', 'addresses.json');
  const limit = options.limit ?? 10;
  let entries: Promise<Entry[]> | undefined;

  function load(): Promise<Entry[]> {
    entries ??= readFile(file, 'utf8').then((raw) => indexEntries(gazetteerFileSchema.parse(JSON.parse(raw))));
    // A broken file is a bug to report, but the next search may try again once it is fixed.
    entries.catch(() => (entries = undefined));
    return entries;
  }

  return {
    name: 'gazetteer',
    async search(query) {
      const words = tokens(fold(query));
      if (words.length === 0) return [];
      const phrase = words.join(' ');
      const ranked: { entry: Entry; score: number }[] = [];
      for (const entry of await load()) {
        const score = scoreEntry(entry, words, phrase);
        if (score > 0) ranked.push({ entry, score });
      }
      ranked.sort((a, b) => b.score - a.score || a.entry.order - b.entry.order);
      return ranked.slice(0, limit).map(({ entry }) => ({ ...entry.place }));
    },
  };
}

function indexEntries(data: z.infer<typeof gazetteerFileSchema>): Entry[] {
  const entries = data.addresses.map(([city, postcode, street, housenumber, lat, lon, name]) => ({
    place: {
      lon,
      lat,
      street,
      housenumber,
      postcode,
      city,
      ...(name ? { name } : {}),
      osmId: `${postcode}-${tokens(fold(street)).join('-')}-${housenumber.toLowerCase()}`,
    },
    street: tokens(fold(street)).join(' '),
    tokens: tokens(fold([street, housenumber, postcode, city, name ?? ''].join(' '))),
    houseNumber: housenumber.toLowerCase(),
    order: 0,
  }));
  // Equal scores list a street's addresses in house-number order, streets by name.
  const collator = new Intl.Collator('de', { numeric: true });
  entries.sort(
    (a, b) =>
      collator.compare(a.place.city ?? '', b.place.city ?? '') ||
      collator.compare(a.street, b.street) ||
      collator.compare(a.houseNumber, b.houseNumber),
  );
  entries.forEach((entry, index) => (entry.order = index));
  return entries;
}

/**
 * 0 when a query word starts no word of the address; otherwise higher for exact words (a house
 * number typed in full beats the numbers it is a prefix of) and for queries that start with the
 * street's name.
 */
function scoreEntry(entry: Entry, words: string[], phrase: string): number {
  let score = 0;
  for (const word of words) {
    let best = 0;
    for (const token of entry.tokens) {
      if (token === word) {
        best = word === entry.houseNumber ? 4 : 3;
        if (best === 4) break;
      } else if (best < 2 && token.startsWith(word)) {
        best = 2;
      }
    }
    if (best === 0) return 0;
    score += best;
  }
  if (phrase.startsWith(entry.street) || entry.street.startsWith(phrase)) score += 2;
  return score;
}

/** Lower case without accents; ß as ss; ae/oe/ue as the umlaut's base letter; `str.` as `strasse`. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[aou]e/g, (pair) => pair[0]!)
    .replace(/str\.(?=\s|$|,)/g, 'strasse');
}

function tokens(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

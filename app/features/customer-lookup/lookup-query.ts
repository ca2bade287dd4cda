import { customerLookup } from '~/config/customer-lookup';
import { z } from '~/platform/validation';
import { parsePhone } from '~/shared/phone/phone';
import { searchFields, type SearchField } from './search-fields';

/**
 * The customer search's query string (docs/rules/back-office.md#customer-lookup): which field and
 * what text, bounded in length and characters before anything reaches the database. A wrong query is
 * a message next to the field, never a 500.
 */
export { searchFields, type SearchField };

export type SearchProblem =
  | 'lookup.query.too-long'
  | 'lookup.query.characters'
  | 'lookup.query.too-short'
  | 'lookup.query.number'
  | 'lookup.query.email'
  | 'lookup.query.name'
  | 'lookup.query.phone'
  | 'lookup.query.iban';

export type ParsedSearchText =
  | { field: 'number'; value: string }
  | { field: 'email'; value: string }
  | { field: 'name'; words: string[] }
  | { field: 'phone'; e164: string }
  | { field: 'iban'; lastFour: string };

export interface SearchQuery {
  /** What the form shows again (cut to a little beyond the limit, so an overlong text is not echoed whole). */
  values: { field: SearchField; q: string };
  page: number;
  /** No text: the empty form, nothing searched. */
  empty: boolean;
  problem: SearchProblem | null;
  parsed: ParsedSearchText | null;
  /** The text as searched, for its keyed hash in the audit log. */
  normalized: string;
}

const fieldSchema = z.catch(z.enum(searchFields), 'name');
const pageSchema = z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(customerLookup.maxPage)), 1);
// Control characters (C0, DEL, C1), and the invisible format characters (bidi overrides, zero widths).
const controlCharacters = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const nameWord = /^[\p{L}\p{M}'’.-]+$/u;

export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const field = fieldSchema.parse(params.get('field') ?? 'name');
  const raw = params.get('q') ?? '';
  const page = pageSchema.parse(params.get('page') ?? 1);
  const values = { field, q: raw.slice(0, customerLookup.queryMaxLength + 1) };
  const text = raw.trim().normalize('NFC');
  const base = { values, page, empty: text === '', parsed: null, normalized: '' };
  if (text === '') return { ...base, problem: null };
  if (raw.length > customerLookup.queryMaxLength) return { ...base, problem: 'lookup.query.too-long' };
  if (controlCharacters.test(raw)) return { ...base, problem: 'lookup.query.characters' };
  const outcome = parseText(field, text);
  if ('problem' in outcome) return { ...base, problem: outcome.problem };
  return { ...base, problem: null, parsed: outcome.parsed, normalized: outcome.normalized };
}

function parseText(
  field: SearchField,
  text: string,
): { parsed: ParsedSearchText; normalized: string } | { problem: SearchProblem } {
  switch (field) {
    case 'number': {
      const value = text.replace(/\s+/g, '');
      return /^\d{1,12}$/.test(value)
        ? { parsed: { field, value }, normalized: value }
        : { problem: 'lookup.query.number' };
    }
    case 'email': {
      const value = text.toLowerCase();
      if (value.length < customerLookup.textMinLength) return { problem: 'lookup.query.too-short' };
      return /^[^\s@]*(?:@[^\s@]*)?$/.test(value)
        ? { parsed: { field, value }, normalized: value }
        : { problem: 'lookup.query.email' };
    }
    case 'name': {
      const words = text.split(/\s+/).filter(Boolean);
      if (words.length > 4 || !words.every((word) => nameWord.test(word))) return { problem: 'lookup.query.name' };
      if (words.join('').length < customerLookup.textMinLength) return { problem: 'lookup.query.too-short' };
      return { parsed: { field, words }, normalized: words.join(' ').toLowerCase() };
    }
    case 'phone': {
      const phone = parsePhone(text);
      return phone.possible && phone.e164
        ? { parsed: { field, e164: phone.e164 }, normalized: phone.e164 }
        : { problem: 'lookup.query.phone' };
    }
    case 'iban': {
      const value = text.replace(/\s+/g, '');
      return /^\d{4}$/.test(value)
        ? { parsed: { field, lastFour: value }, normalized: value }
        : { problem: 'lookup.query.iban' };
    }
  }
}

/** A customer's id from the view's query string: a UUID, or nothing. */
export function parseCustomerId(value: string | null): string | null {
  const parsed = z.uuid().safeParse(value ?? '');
  return parsed.success ? parsed.data.toLowerCase() : null;
}

const ledgerPageSchema = z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);
export const parseLedgerPage = (value: string | null) => ledgerPageSchema.parse(value ?? 1);

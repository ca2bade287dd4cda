import { parsePhoneNumber } from 'awesome-phonenumber';
import type { MessageKey } from '~/i18n/translate';
import { defaultPhoneRegion } from './phone-regions';

/**
 * Phone numbers (docs/rules/forms-and-fields.md#phone-numbers), parsed with the metadata of
 * awesome-phonenumber (75 KB gzip). Only the server parses: the phone field asks the server's check
 * (docs/decisions/0043-phone-numbers-judged-by-the-server.md).
 */

export type PhoneType =
  | 'fixed-line'
  | 'fixed-line-or-mobile'
  | 'mobile'
  | 'pager'
  | 'personal-number'
  | 'premium-rate'
  | 'shared-cost'
  | 'toll-free'
  | 'uan'
  | 'voip'
  | 'unknown';

export type PhonePossibility =
  'is-possible' | 'invalid-country-code' | 'too-long' | 'too-short' | 'unknown' | 'invalid';

/**
 * Why a text could not be parsed at all; each reason has its own message
 * (docs/rules/forms-and-fields.md#phone-numbers).
 */
export type PhoneParseFailure =
  'not-a-number' | 'too-long' | 'too-short' | 'invalid-country-code' | 'too-short-after-idd';

/**
 * The phone parse result (docs/rules/forms-and-fields.md#phone-numbers); `failure` says why parsing failed,
 * when it did.
 */
export interface PhoneParseResult {
  input: string;
  international: string;
  national: string;
  e164: string;
  rfc3966: string;
  significant: string;
  valid: boolean;
  possible: boolean;
  possibility: PhonePossibility;
  type: PhoneType;
  regionCode: string;
  countryCode: number;
  typeIsMobile: boolean;
  typeIsFixedLine: boolean;
  canBeInternationallyDialled: boolean;
  failure?: PhoneParseFailure;
}

/** Longer input is rejected before the parser sees it (docs/rules/forms-and-fields.md#phone-numbers). */
export const maxPhoneInputLength = 250;

// libphonenumber reports parse errors as exceptions with these texts; awesome-phonenumber passes
// them on as `error`.
const failureByLibraryMessage: [RegExp, PhoneParseFailure][] = [
  [/too short after IDD/i, 'too-short-after-idd'],
  [/too long/i, 'too-long'],
  [/too short/i, 'too-short'],
  [/country calling code/i, 'invalid-country-code'],
  [/not seem to be a phone number/i, 'not-a-number'],
];

function failed(input: string, regionCode: string, failure: PhoneParseFailure): PhoneParseResult {
  return {
    input,
    international: '',
    national: '',
    e164: '',
    rfc3966: '',
    significant: '',
    valid: false,
    possible: false,
    possibility: 'invalid',
    type: 'unknown',
    regionCode,
    countryCode: 0,
    typeIsMobile: false,
    typeIsFixedLine: false,
    canBeInternationallyDialled: false,
    failure,
  };
}

/**
 * Parses what someone typed, as a national number of `regionCode` or as an international one (`+…` or
 * `00…`). Text that is no phone number at all gives valid false, possible false and possibility `invalid`
 * (docs/rules/forms-and-fields.md#phone-numbers), with the reason in `failure`.
 */
export function parsePhone(input: string, regionCode: string = defaultPhoneRegion): PhoneParseResult {
  const region = regionCode.toUpperCase();
  if (input.length > maxPhoneInputLength) return failed(input, region, 'too-long');
  const parsed = parsePhoneNumber(input, { regionCode: region });
  if (!parsed.number) {
    const error: unknown = 'error' in parsed ? parsed.error : undefined;
    if (error !== undefined) {
      const message = error instanceof Error ? error.message : String(error);
      const failure = failureByLibraryMessage.find(([pattern]) => pattern.test(message))?.[1] ?? 'not-a-number';
      return failed(input, region, failure);
    }
    // No exception but no number either: the region or the international prefix is unknown.
    return failed(input, parsed.regionCode ?? region, 'invalid-country-code');
  }
  return {
    input: parsed.number.input,
    international: parsed.number.international ?? '',
    national: parsed.number.national ?? '',
    e164: parsed.number.e164 ?? '',
    rfc3966: parsed.number.rfc3966 ?? '',
    significant: parsed.number.significant ?? '',
    valid: parsed.valid,
    possible: parsed.possible,
    possibility: parsed.possibility,
    type: parsed.type ?? 'unknown',
    regionCode: parsed.regionCode ?? region,
    countryCode: parsed.countryCode ?? 0,
    typeIsMobile: parsed.typeIsMobile ?? false,
    typeIsFixedLine: parsed.typeIsFixedLine ?? false,
    canBeInternationallyDialled: parsed.canBeInternationallyDialled ?? false,
  };
}

export type PhoneMessageKey = Extract<
  MessageKey,
  | 'rule_tel'
  | 'phone.not-a-number'
  | 'phone.too-long'
  | 'phone.too-short'
  | 'phone.invalid-country-code'
  | 'phone.too-short-after-idd'
>;

const messageByFailure: Record<PhoneParseFailure, PhoneMessageKey> = {
  'not-a-number': 'phone.not-a-number',
  'too-long': 'phone.too-long',
  'too-short': 'phone.too-short',
  'invalid-country-code': 'phone.invalid-country-code',
  'too-short-after-idd': 'phone.too-short-after-idd',
};

/**
 * The message for a parse result, or undefined for a valid mobile number
 * (docs/rules/forms-and-fields.md#phone-numbers): parse failures and impossible lengths get their own
 * message; anything else that is not a valid mobile number (a fixed line, a number that does not exist)
 * gets `rule_tel`.
 */
export function phoneMessageKey(result: PhoneParseResult): PhoneMessageKey | undefined {
  if (result.failure) return messageByFailure[result.failure];
  if (result.valid) return result.typeIsMobile ? undefined : 'rule_tel';
  switch (result.possibility) {
    case 'too-long':
      return 'phone.too-long';
    case 'too-short':
      return 'phone.too-short';
    case 'invalid-country-code':
      return 'phone.invalid-country-code';
    default:
      return 'rule_tel';
  }
}

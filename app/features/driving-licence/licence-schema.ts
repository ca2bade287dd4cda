import { business } from '~/config/business';
import { berlinDate } from '~/platform/berlin-date';
import { isAtLeastYearsOld, parseGermanDate } from '~/platform/german-date';
import { reject, z } from '~/platform/validation';
import { licenceCountries } from './countries';

/** Longest licence number accepted; national formats run to about 16 characters. */
export const licenceNumberMaxLength = 20;
const licenceNumberMinLength = 5;

/**
 * The number as stored: spaces dropped, upper case. Letters A–Z, digits and the hyphen are allowed
 * (docs/rules/accounts.md#driving-licence).
 */
export const normalizeLicenceNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();

const licenceNumberSchema = z.pipe(
  z.pipe(z.string({ error: 'required' }), z.transform(normalizeLicenceNumber)),
  z.string().check(
    // Each problem on its own: an empty field is not also "too short".
    z.minLength(1, { error: 'required', abort: true }),
    z.maxLength(licenceNumberMaxLength, { error: 'text.too-long', abort: true }),
    z.regex(/^[A-Z0-9-]*$/, { error: 'licence.number-characters' }),
    z.minLength(licenceNumberMinLength, { error: 'licence.number-too-short' }),
  ),
);

/** Why a date of issue cannot be taken, if it cannot: in the future, or issued too recently. */
export function issueDateProblem(issuedOn: string, today: string, minimumYears: number = business.minimumLicenceYears) {
  if (issuedOn > today) return 'licence.issued-in-future';
  if (!isAtLeastYearsOld(issuedOn, minimumYears, today)) return `licence.too-recent?years=${minimumYears}`;
  return null;
}

/** Why a date of issue cannot belong to someone born on `birthDate`: issued before they could hold a licence. */
export function issuedBeforeAgeProblem(
  issuedOn: string,
  birthDate: string,
  minimumAge: number = business.licenceHolderMinimumAge,
) {
  return isAtLeastYearsOld(birthDate, minimumAge, issuedOn) ? null : `licence.issued-before-age?years=${minimumAge}`;
}

/**
 * Why an expiry date cannot be taken, if it cannot: already past (a licence expiring today is still valid),
 * further ahead than any licence is valid, or not after the issue.
 */
export function expiryDateProblem(
  expiresOn: string,
  issuedOn: string | null,
  today: string,
  maxYears: number = business.licenceMaxValidityYears,
) {
  if (expiresOn < today) return 'licence.expired';
  // Compared as text: `yyyy-mm-dd` sorts by date, and 29 February plus years stays a valid bound.
  if (expiresOn > `${Number(today.slice(0, 4)) + maxYears}${today.slice(4)}`)
    return `licence.expiry-too-far?years=${maxYears}`;
  if (issuedOn && expiresOn <= issuedOn) return 'licence.expiry-before-issue';
  return null;
}

/** A `dd.mm.yyyy` field as `yyyy-mm-dd`, with a further check of the calendar date against today. */
const germanDate = (today: () => string, problem: (date: string, today: string) => string | null) =>
  z.pipe(
    z.string({ error: 'required' }),
    z.transform((value, context) => {
      const date = parseGermanDate(value);
      const message = date ? problem(date, today()) : 'date.invalid';
      return message ? reject(context, message) : date!;
    }),
  );

/**
 * The driving licence's fields (docs/rules/accounts.md#driving-licence), the same in the browser and on the
 * server, at registration and in a correction. Dates are typed `dd.mm.yyyy` like the birth date and come out
 * `yyyy-mm-dd`; `today` is the Berlin calendar date (a parameter for tests). Each field is checked on its own,
 * so every message shows at once; only "expires after issue" needs both dates.
 */
export function licenceSchemaFor(today: () => string = () => berlinDate()) {
  return z
    .object({
      number: licenceNumberSchema,
      issuingCountry: z.enum(licenceCountries, { error: 'licence.country-required' }),
      issuedOn: germanDate(today, (date, day) => issueDateProblem(date, day)),
      // Optional: an empty field means the licence has no expiry date.
      expiresOn: z.pipe(
        z.pipe(
          z.pipe(
            z.optional(z.string()),
            z.transform((value) => value?.trim() || undefined),
          ),
          z.optional(germanDate(today, (date, day) => expiryDateProblem(date, null, day))),
        ),
        z.transform((value) => value ?? null),
      ),
    })
    .check(
      z.superRefine((value, context) => {
        if (value.expiresOn && value.expiresOn <= value.issuedOn) {
          context.addIssue({ code: 'custom', path: ['expiresOn'], message: 'licence.expiry-before-issue' });
        }
      }),
    );
}

export const licenceSchema = licenceSchemaFor();
export type LicenceInput = z.output<typeof licenceSchema>;

/** The correction form of the self-service area: the same fields, under `licence` as at registration. */
export const licenceCorrectionSchema = z.object({ licence: licenceSchema });

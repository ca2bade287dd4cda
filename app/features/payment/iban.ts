import { electronicFormatIBAN, isSEPACountry, isValidBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';

/**
 * IBAN rules of the SEPA form (docs/rules/credit-and-payment.md#iban), on `ibantools`: country format and
 * length, the ISO 7064 check digits, and the national account check digits where ibantools knows them. Runs
 * in the browser (the form's live messages) and on the server (the decision).
 */
export type IbanProblem =
  'payment.iban.country' | 'payment.iban.format' | 'payment.iban.checksum' | 'payment.iban.not-sepa';

/** Upper case, without spaces or other separators: the form customers paste it in varies. */
export function normalizeIban(input: string): string {
  return electronicFormatIBAN(input.trim().toUpperCase()) ?? '';
}

/** The first thing wrong with an IBAN (already normalised), or null when SEPA direct debit can use it. */
export function ibanProblem(iban: string): IbanProblem | null {
  const { valid, errorCodes } = validateIBAN(iban, { allowQRIBAN: true });
  if (valid) return isSEPACountry(iban.slice(0, 2)) ? null : 'payment.iban.not-sepa';
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return 'payment.iban.country';
  if (
    errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength) ||
    errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat) ||
    errorCodes.includes(ValidationErrorsIBAN.ChecksumNotNumber)
  ) {
    return 'payment.iban.format';
  }
  return 'payment.iban.checksum';
}

/**
 * Countries of the European Economic Area. Within it a SEPA direct debit needs no BIC (the IBAN
 * suffices, EU Regulation 260/2012); for the other SEPA countries (CH, GB, MC, SM, …) it does.
 */
const eea = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO'.split(' '),
);

export function needsBic(iban: string): boolean {
  return !eea.has(iban.slice(0, 2));
}

export function normalizeBic(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

export function isValidBic(bic: string): boolean {
  return isValidBIC(bic);
}

/**
 * What the customer sees of a stored IBAN: the country code and the last four digits, e.g.
 * `DE•• •••• •••• •••• •••• 3000`. The shape is the same for every length, so not even the length
 * leaves the server.
 */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 2)}•• •••• •••• •••• •••• ${iban.slice(-4)}`;
}

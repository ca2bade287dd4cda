import { extractIBAN } from 'ibantools';

/**
 * BICs of German bank codes (Bankleitzahlen). `ibantools` extracts the bank code from an IBAN but
 * ships no directory, so the BIC is derived from this small bundled excerpt of the Bundesbank's
 * bank code file: large banks and the banks of the well-known test IBANs. An operator who needs
 * every bank loads the full file here; an IBAN whose bank is not listed simply has no derived BIC,
 * which SEPA within the EEA does not need.
 */
const germanBanks: Record<string, string> = {
  '10010010': 'PBNKDEFFXXX', // Postbank Berlin
  '10040000': 'COBADEBBXXX', // Commerzbank Berlin
  '10050000': 'BELADEBEXXX', // Landesbank Berlin – Berliner Sparkasse
  '10070000': 'DEUTDEBBXXX', // Deutsche Bank Berlin
  '10090000': 'BEVODEBBXXX', // Berliner Volksbank
  '12030000': 'BYLADEM1001', // Deutsche Kreditbank (DKB)
  '20050550': 'HASPDEHHXXX', // Hamburger Sparkasse
  '37040044': 'COBADEFFXXX', // Commerzbank Köln
  '37050198': 'COLSDE33XXX', // Sparkasse KölnBonn
  '43060967': 'GENODEM1GLS', // GLS Gemeinschaftsbank
  '50010517': 'INGDDEFFXXX', // ING-DiBa
  '50070010': 'DEUTDEFFXXX', // Deutsche Bank Frankfurt
  '70150000': 'SSKMDEMMXXX', // Stadtsparkasse München
  '86010090': 'PBNKDEFFXXX', // Postbank Leipzig
};

/** The BIC of a (valid, normalised) IBAN's bank, where the bundled directory knows it. */
export function deriveBic(iban: string): string | null {
  const { countryCode, bankIdentifier } = extractIBAN(iban);
  if (countryCode === 'DE' && bankIdentifier) return germanBanks[bankIdentifier] ?? null;
  return null;
}

/**
 * German licence plates (docs/rules/reports.md#licence-plate): the district code of one to three letters
 * (umlauts included), one or two letters, a number of one to four digits without a leading zero, and
 * optionally `E` (electric) or `H` (historic vehicle). Letters and digits are at most eight together.
 * Typed in any case, with a hyphen or a space between district and letters and an optional space before
 * the number: `B-AB 1234`, `b ab1234`, `M-X 12E`. Without any separator between district and letters
 * the plate is ambiguous (`BAB1` is `B-AB 1` or `BA-B 1`) and refused. Stored and shown as `B-AB 1234`.
 */
const platePattern = /^([A-ZÄÖÜ]{1,3})(?:\s*-\s*|\s+)([A-Z]{1,2})\s*([1-9]\d{0,3})([EH])?$/;

/** Letters and digits of a plate at most (the suffix `E` or `H` comes on top). */
const maxCharacters = 8;

/** The plate in its normal form (`B-AB 1234`), or null when it is no German licence plate. */
export function normalizeLicencePlate(value: string): string | null {
  const typed = value.trim().toUpperCase().replace(/\s+/g, ' ');
  const match = platePattern.exec(typed);
  if (!match) return null;
  const [, district, letters, digits, suffix] = match as unknown as [string, string, string, string, string?];
  if (district.length + letters.length + digits.length > maxCharacters) return null;
  return `${district}-${letters} ${digits}${suffix ?? ''}`;
}

/**
 * One CSV field for spreadsheets (docs/decisions/0008): quoted when it holds a quote, a line break or
 * the separator, and defused when a spreadsheet would run it as a formula (CSV injection: a text
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe). Pass
 * `numeric` for a number column, whose minus sign is wanted.
 */
export function csvField(value: string, separator: string, { numeric = false }: { numeric?: boolean } = {}): string {
  const safe = !numeric && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(safe) || safe.includes(separator) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

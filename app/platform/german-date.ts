/** `dd.mm.yyyy` → `yyyy-mm-dd`, or null when it is no real calendar date. */
export function parseGermanDate(value: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, day, month, year] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${match[2]}-${match[1]}`;
}

/** Whether at least `years` full years lie between `since` and `today` (both `yyyy-mm-dd`): an age, say. */
export function isAtLeastYearsOld(since: string, years: number, today: string): boolean {
  const [by, bm, bd] = since.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= years;
}

/** `yyyy-mm-dd` → `dd.mm.yyyy`, the form fields' format (docs/rules/forms-and-fields.md#dates). */
export function toGermanDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}

/**
 * Arithmetic on calendar dates `yyyy-mm-dd` (Europe/Berlin days, docs/rules/general.md#amounts-and-times).
 * The dates are handled as UTC midnights, so neither the server's time zone nor a daylight-saving switch
 * can move a day. Strings in this format compare correctly with `<` and `>`.
 */
export type CalendarDate = string;

const pattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: CalendarDate): [year: number, month: number, day: number] {
  const match = pattern.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function format(year: number, month: number, day: number): CalendarDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isCalendarDate(value: string): boolean {
  if (!pattern.test(value)) return false;
  const [year, month, day] = parts(value);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Days of `month` (1–12) in `year`, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [year, month, day] = parts(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return format(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

export function lastDayOfMonth(date: CalendarDate): CalendarDate {
  const [year, month] = parts(date);
  return format(year, month, daysInMonth(year, month));
}

/** Year and month `months` after the month of `date` (December + 1 is January of the next year). */
function monthsLater(date: CalendarDate, months: number): [year: number, month: number, day: number] {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  return [Math.floor(index / 12), (index % 12) + 1, day];
}

/**
 * The end of a period of `months` that starts with the receipt of a declaration on `date`
 * (§187 (1), §188 (2) first case BGB): the day with the same number `months` later; when that month
 * is too short, its last day (§188 (3)). 15 May + 1 month = 15 June; 31 January + 1 month = 28 (29)
 * February. See docs/rules/contract-and-cancellation.md#month-arithmetic.
 */
export function sameDayMonthsLater(date: CalendarDate, months: number): CalendarDate {
  const [year, month, day] = monthsLater(date, months);
  return format(year, month, Math.min(day, daysInMonth(year, month)));
}

/**
 * The last day of a term of `months` that begins on `start`, the start day counting as the first day
 * (§187 (2), §188 (2) second case BGB): the day before the same-numbered day `months` later; when
 * that day does not exist, the last day of that month (§188 (3)). 15 March 2026 + 12 months ends on
 * 14 March 2027; 29 February 2024 + 12 months on 28 February 2025. See
 * docs/rules/contract-and-cancellation.md#month-arithmetic.
 */
export function termEnd(start: CalendarDate, months: number): CalendarDate {
  const [year, month, day] = monthsLater(start, months);
  if (day > daysInMonth(year, month)) return format(year, month, daysInMonth(year, month));
  return addDays(format(year, month, day), -1);
}

// One formatter for the process: building an Intl.DateTimeFormat loads time zone data and costs
// far more than formatting (it showed up in the overview's CPU profile, bench/overview-vs-floor.mjs).
const berlinCalendarDate = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' });

/** Calendar dates are Europe/Berlin dates (docs/rules/general.md#amounts-and-times), written `yyyy-mm-dd`. */
export function berlinDate(instant: Date = new Date()): string {
  return berlinCalendarDate.format(instant);
}

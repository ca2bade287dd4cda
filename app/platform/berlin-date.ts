// One formatter for the process: building an Intl.DateTimeFormat loads time zone data and costs
// far more than formatting (it showed up in the overview's CPU profile, bench/overview-vs-floor.mjs).
// It is built at its first use, not when the module loads: in the browser the module comes with form
// chunks (registration, cancellation), whose pages need it only once a form is checked, not while
// they hydrate.
let berlinCalendarDate: Intl.DateTimeFormat | undefined;

/** Calendar dates are Europe/Berlin dates (docs/rules/general.md#amounts-and-times), written `yyyy-mm-dd`. */
export function berlinDate(instant: Date = new Date()): string {
  berlinCalendarDate ??= new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' });
  return berlinCalendarDate.format(instant);
}

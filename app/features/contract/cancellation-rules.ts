import { contractSettings } from './contract-settings';
import { addDays, lastDayOfMonth, sameDayMonthsLater, termEnd, type CalendarDate } from './calendar';

/**
 * When a contract can end (docs/rules/contract-and-cancellation.md#notice-period; docs/decisions/0007).
 * Pure: every date is a Europe/Berlin calendar date `yyyy-mm-dd`, the declaration date is the Berlin day on
 * which the declaration was received.
 *
 * - term `none` (basis, flinkster-flex) and `monthly` (komfort-monat): the end of the month in which
 *   the declaration is received;
 * - term `annual` (komfort-jahr): during the first term (`firstTermMonths`, counted from the day the
 *   tariff took effect) the last day of the first term; afterwards one month's notice: the day with the
 *   same number in the following month (end of that day), or that month's last day when it is shorter.
 */
export interface TariffTerm {
  term: 'none' | 'monthly' | 'annual';
  firstTermMonths: number;
}

/** The last day of an annual tariff's first term, or null when the tariff has none. */
export function firstTermEnd(tariff: TariffTerm, tariffSince: CalendarDate): CalendarDate | null {
  if (tariff.term !== 'annual' || tariff.firstTermMonths <= 0) return null;
  return termEnd(tariffSince, tariff.firstTermMonths);
}

/** The earliest day the contract can end on (its last day) when cancelled on `declaredOn`. */
export function earliestEndDate(tariff: TariffTerm, tariffSince: CalendarDate, declaredOn: CalendarDate): CalendarDate {
  if (tariff.term !== 'annual') return lastDayOfMonth(declaredOn);
  const firstEnd = firstTermEnd(tariff, tariffSince);
  if (firstEnd && declaredOn <= firstEnd) return firstEnd;
  return sameDayMonthsLater(declaredOn, contractSettings.annualNoticeMonths);
}

export type EndDateDecision =
  { ok: true; endDate: CalendarDate; adjusted: boolean } | { ok: false; earliest: CalendarDate };

/**
 * The end date of a declaration: the earliest possible when none was asked for, the asked date when it
 * is not earlier. An earlier date is refused (`strict`, when the declarant sees the earliest date on
 * the page) or taken as "the earliest possible" (`adjusted`: the public form, which must not tell a
 * stranger whether or how an account matched; a declaration to too early a date is read as one to the
 * next possible date).
 */
export function decideEndDate(
  earliest: CalendarDate,
  requested: CalendarDate | null,
  mode: 'strict' | 'adjust',
): EndDateDecision {
  if (!requested) return { ok: true, endDate: earliest, adjusted: false };
  if (requested >= earliest) return { ok: true, endDate: requested, adjusted: false };
  return mode === 'strict' ? { ok: false, earliest } : { ok: true, endDate: earliest, adjusted: true };
}

/**
 * The first day of a new tariff after a downgrade: the day after the current tariff could end if it
 * were cancelled today, so the customer keeps what the current term promised and never leaves a term
 * early by switching.
 */
export function downgradeEffectiveDate(
  tariff: TariffTerm,
  tariffSince: CalendarDate,
  requestedOn: CalendarDate,
): CalendarDate {
  return addDays(earliestEndDate(tariff, tariffSince, requestedOn), 1);
}

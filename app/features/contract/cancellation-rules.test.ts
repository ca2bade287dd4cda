import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDate, lastDayOfMonth, sameDayMonthsLater, termEnd } from './calendar';
import {
  decideEndDate,
  downgradeEffectiveDate,
  earliestEndDate,
  firstTermEnd,
  type TariffTerm,
} from './cancellation-rules';

/** The seeded tariffs' terms (app/db/seed/reference-data.ts). */
const basis: TariffTerm = { term: 'none', firstTermMonths: 0 };
const komfortMonat: TariffTerm = { term: 'monthly', firstTermMonths: 0 };
const komfortJahr: TariffTerm = { term: 'annual', firstTermMonths: 12 };
const flinksterFlex: TariffTerm = { term: 'none', firstTermMonths: 0 };

describe('calendar dates', () => {
  it('adds days across month and year ends and knows leap years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(lastDayOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(lastDayOfMonth('2100-02-10')).toBe('2100-02-28');
    expect(lastDayOfMonth('2026-12-01')).toBe('2026-12-31');
  });

  it('counts a notice month to the same-numbered day, or the last day of a shorter month (§188 BGB)', () => {
    expect(sameDayMonthsLater('2026-05-15', 1)).toBe('2026-06-15');
    expect(sameDayMonthsLater('2027-01-31', 1)).toBe('2027-02-28');
    expect(sameDayMonthsLater('2028-01-31', 1)).toBe('2028-02-29');
    expect(sameDayMonthsLater('2026-12-15', 1)).toBe('2027-01-15');
    expect(sameDayMonthsLater('2026-03-31', 1)).toBe('2026-04-30');
  });

  it('ends a term the day before the same-numbered day, counting the first day (§187 (2) BGB)', () => {
    expect(termEnd('2026-03-15', 12)).toBe('2027-03-14');
    expect(termEnd('2026-01-01', 12)).toBe('2026-12-31');
    expect(termEnd('2024-02-29', 12)).toBe('2025-02-28');
    expect(termEnd('2027-03-01', 12)).toBe('2028-02-29');
    expect(termEnd('2026-01-31', 1)).toBe('2026-02-28');
  });

  it('recognises real calendar dates only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-13-01')).toBe(false);
    expect(isCalendarDate('1.1.2027')).toBe(false);
  });
});

describe('earliest end of a contract', () => {
  it('basis and flinkster-flex (no term) end at the end of the month of the declaration', () => {
    for (const tariff of [basis, flinksterFlex]) {
      expect(earliestEndDate(tariff, '2020-01-01', '2026-05-14')).toBe('2026-05-31');
      expect(earliestEndDate(tariff, '2026-05-20', '2026-05-31')).toBe('2026-05-31');
      expect(earliestEndDate(tariff, '2020-01-01', '2026-06-01')).toBe('2026-06-30');
    }
  });

  it('komfort-monat ends at the end of the month, February of a leap year included, December too', () => {
    expect(earliestEndDate(komfortMonat, '2026-01-10', '2026-04-30')).toBe('2026-04-30');
    expect(earliestEndDate(komfortMonat, '2026-01-10', '2028-02-01')).toBe('2028-02-29');
    expect(earliestEndDate(komfortMonat, '2026-01-10', '2027-02-14')).toBe('2027-02-28');
    expect(earliestEndDate(komfortMonat, '2026-01-10', '2026-12-02')).toBe('2026-12-31');
  });

  it('komfort-jahr during its first term ends on the last day of the first term', () => {
    expect(firstTermEnd(komfortJahr, '2026-03-15')).toBe('2027-03-14');
    // Cancelled the day the tariff began, in the middle, and on the last day of the first term.
    expect(earliestEndDate(komfortJahr, '2026-03-15', '2026-03-15')).toBe('2027-03-14');
    expect(earliestEndDate(komfortJahr, '2026-03-15', '2026-11-02')).toBe('2027-03-14');
    expect(earliestEndDate(komfortJahr, '2026-03-15', '2027-03-14')).toBe('2027-03-14');
    // A first term starting on 29 February.
    expect(earliestEndDate(komfortJahr, '2024-02-29', '2024-06-01')).toBe('2025-02-28');
  });

  it('komfort-jahr after its first term ends one month after the declaration (§309 no. 9 BGB)', () => {
    // The first day after the first term.
    expect(earliestEndDate(komfortJahr, '2026-03-15', '2027-03-15')).toBe('2027-04-15');
    expect(earliestEndDate(komfortJahr, '2025-01-01', '2027-05-10')).toBe('2027-06-10');
    // Month ends: 31 January → end of February, 29 in a leap year.
    expect(earliestEndDate(komfortJahr, '2025-01-01', '2027-01-31')).toBe('2027-02-28');
    expect(earliestEndDate(komfortJahr, '2025-01-01', '2028-01-31')).toBe('2028-02-29');
    expect(earliestEndDate(komfortJahr, '2025-01-01', '2027-03-31')).toBe('2027-04-30');
    // December → January of the next year.
    expect(earliestEndDate(komfortJahr, '2025-01-01', '2026-12-20')).toBe('2027-01-20');
    expect(earliestEndDate(komfortJahr, '2025-01-01', '2026-12-31')).toBe('2027-01-31');
  });
});

describe('the end date of a declaration', () => {
  it('is the earliest possible when none is asked for, or a later date the customer picks', () => {
    expect(decideEndDate('2026-05-31', null, 'strict')).toEqual({ ok: true, endDate: '2026-05-31', adjusted: false });
    expect(decideEndDate('2026-05-31', '2026-05-31', 'strict')).toEqual({
      ok: true,
      endDate: '2026-05-31',
      adjusted: false,
    });
    expect(decideEndDate('2026-05-31', '2026-09-15', 'strict')).toEqual({
      ok: true,
      endDate: '2026-09-15',
      adjusted: false,
    });
  });

  it('refuses an earlier date where the customer sees the earliest one, else takes the earliest', () => {
    expect(decideEndDate('2026-05-31', '2026-05-20', 'strict')).toEqual({ ok: false, earliest: '2026-05-31' });
    expect(decideEndDate('2026-05-31', '2026-05-20', 'adjust')).toEqual({
      ok: true,
      endDate: '2026-05-31',
      adjusted: true,
    });
  });
});

describe('the start of a downgraded tariff', () => {
  it('is the day after the current tariff could end', () => {
    expect(downgradeEffectiveDate(komfortMonat, '2026-01-10', '2026-05-14')).toBe('2026-06-01');
    expect(downgradeEffectiveDate(komfortMonat, '2026-01-10', '2026-12-31')).toBe('2027-01-01');
    expect(downgradeEffectiveDate(komfortJahr, '2026-03-15', '2026-05-14')).toBe('2027-03-15');
    expect(downgradeEffectiveDate(komfortJahr, '2025-01-01', '2027-01-31')).toBe('2027-03-01');
  });
});

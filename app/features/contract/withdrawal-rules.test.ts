import { describe, expect, it } from 'vitest';
import { baseFeeRefundCents, daysInclusive, withdrawalDeadline, withinWithdrawalPeriod } from './withdrawal-rules';

describe('withdrawal rules', () => {
  it('ends the period 14 days after the day of conclusion, across a month end', () => {
    expect(withdrawalDeadline('2026-05-14')).toBe('2026-05-28');
    expect(withdrawalDeadline('2026-12-25')).toBe('2027-01-08');
    expect(withinWithdrawalPeriod('2026-05-14', '2026-05-28')).toBe(true);
    expect(withinWithdrawalPeriod('2026-05-14', '2026-05-29')).toBe(false);
    // Ending on a Saturday that is Boxing Day, the period runs to the Monday after
    // (docs/rules/contract-and-cancellation.md#withdrawal).
    expect(withdrawalDeadline('2026-12-12')).toBe('2026-12-28');
    // Ending on Easter Monday 2027 (Easter Sunday is 28 March), it runs to the Tuesday.
    expect(withdrawalDeadline('2027-03-15')).toBe('2027-03-30');
    // Ending on Ascension Day 2026 (14 May), it runs to the Friday.
    expect(withdrawalDeadline('2026-04-30')).toBe('2026-05-15');
    // Whit Monday 2026 is 25 May.
    expect(withdrawalDeadline('2026-05-11')).toBe('2026-05-26');
  });

  it('refunds the withdrawal day and the rest of a charged period pro rata, to the cent', () => {
    expect(daysInclusive('2026-05-01', '2026-05-31')).toBe(31);
    expect(daysInclusive('2026-05-02', '2026-05-01')).toBe(0);
    // 9.00 € for May; withdrawn on the 11th: 21 of 31 days back.
    const may = { periodStart: '2026-05-01', periodEnd: '2026-05-31', amountCents: 900 };
    expect(baseFeeRefundCents(may, '2026-05-11')).toBe(610);
    expect(baseFeeRefundCents(may, '2026-05-01')).toBe(900);
    expect(baseFeeRefundCents(may, '2026-06-01')).toBe(0);
    // A period that starts after the withdrawal is refunded whole.
    expect(baseFeeRefundCents({ ...may, periodStart: '2026-06-01', periodEnd: '2026-06-30' }, '2026-05-20')).toBe(900);
    // 3.00 € a year, withdrawn after 10 days: 355 of 365 days back.
    expect(
      baseFeeRefundCents({ periodStart: '2026-05-14', periodEnd: '2027-05-13', amountCents: 300 }, '2026-05-24'),
    ).toBe(292);
  });
});

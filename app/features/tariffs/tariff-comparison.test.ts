import { describe, expect, it } from 'vitest';
import { tariffSeed } from '~/db/seed/reference-data';
import {
  changeDirection,
  concludesPaidObligation,
  yearlyBaseFeeCents,
  type ComparableTariff,
} from './tariff-comparison';

const seeded = (id: string): ComparableTariff => {
  const tariff = tariffSeed.find((row) => row.id === id);
  if (!tariff) throw new Error(`no seeded tariff ${id}`);
  return tariff;
};

describe('tariff change direction', () => {
  it('treats basis → komfort-* and komfort-monat → komfort-jahr as upgrades', () => {
    expect(changeDirection(seeded('basis'), seeded('komfort-monat'))).toBe('upgrade');
    expect(changeDirection(seeded('basis'), seeded('komfort-jahr'))).toBe('upgrade');
    expect(changeDirection(seeded('komfort-monat'), seeded('komfort-jahr'))).toBe('upgrade');
  });

  it('treats every change to a shorter commitment as a downgrade, whatever it costs', () => {
    expect(changeDirection(seeded('komfort-monat'), seeded('basis'))).toBe('downgrade');
    expect(changeDirection(seeded('komfort-jahr'), seeded('basis'))).toBe('downgrade');
    // komfort-monat costs more per year, but would end the annual term early.
    expect(changeDirection(seeded('komfort-jahr'), seeded('komfort-monat'))).toBe('downgrade');
  });

  it('compares the yearly base fee between tariffs of the same term', () => {
    const cheap: ComparableTariff = { term: 'monthly', baseFeeCents: 500, baseFeePeriod: 'month' };
    const dear: ComparableTariff = { term: 'monthly', baseFeeCents: 6500, baseFeePeriod: 'year' };
    expect(yearlyBaseFeeCents(cheap)).toBe(6000);
    expect(changeDirection(cheap, dear)).toBe('upgrade');
    expect(changeDirection(dear, cheap)).toBe('downgrade');
    expect(changeDirection(cheap, cheap)).toBe('downgrade');
  });
});

describe('a tariff change that concludes a paid obligation (docs/rules/contract-and-cancellation.md#tariff-change)', () => {
  it('is every change to a tariff with a base fee, up or down', () => {
    expect(concludesPaidObligation(seeded('basis'), seeded('komfort-jahr'))).toBe(true);
    expect(concludesPaidObligation(seeded('komfort-jahr'), seeded('komfort-monat'))).toBe(true);
    // basis costs 3 € a year: going down to it still orders a paid tariff.
    expect(concludesPaidObligation(seeded('komfort-monat'), seeded('basis'))).toBe(true);
  });

  it('is a change to a longer term even without a base fee, and not a change to a free tariff of no longer term', () => {
    const free = (term: ComparableTariff['term']): ComparableTariff => ({
      term,
      baseFeeCents: 0,
      baseFeePeriod: 'none',
    });
    expect(concludesPaidObligation(free('none'), free('annual'))).toBe(true);
    expect(concludesPaidObligation(free('monthly'), free('annual'))).toBe(true);
    expect(concludesPaidObligation(seeded('komfort-monat'), free('monthly'))).toBe(false);
    expect(concludesPaidObligation(seeded('komfort-jahr'), seeded('flinkster-flex'))).toBe(false);
  });
});

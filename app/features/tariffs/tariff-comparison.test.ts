import { describe, expect, it } from 'vitest';
import { tariffSeed } from '~/db/seed/reference-data';
import { changeDirection, yearlyBaseFeeCents, type ComparableTariff } from './tariff-comparison';

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

/**
 * Whether a tariff change is an upgrade (applies at once) or a downgrade (waits for the end of the
 * current term or month); docs/decisions/0007.
 *
 * An upgrade never shortens the customer's commitment and either lengthens it or costs more:
 * the new term binds at least as long (none < monthly < annual) and it binds longer or has the higher
 * base fee per year. basis → komfort-monat, basis → komfort-jahr and komfort-monat → komfort-jahr
 * are upgrades; everything back (komfort-jahr → komfort-monat, komfort-* → basis) is a downgrade, so
 * no switch can end an annual term early or lower the fee of a period already begun.
 */
export interface ComparableTariff {
  term: 'none' | 'monthly' | 'annual';
  baseFeeCents: number;
  baseFeePeriod: 'none' | 'month' | 'year';
}

const termRank: Record<ComparableTariff['term'], number> = { none: 0, monthly: 1, annual: 2 };

/** The base fee over a year, to compare tariffs billed per month and per year. */
export function yearlyBaseFeeCents(tariff: Pick<ComparableTariff, 'baseFeeCents' | 'baseFeePeriod'>): number {
  switch (tariff.baseFeePeriod) {
    case 'none':
      return 0;
    case 'month':
      return tariff.baseFeeCents * 12;
    case 'year':
      return tariff.baseFeeCents;
  }
}

export function changeDirection(from: ComparableTariff, to: ComparableTariff): 'upgrade' | 'downgrade' {
  const fromRank = termRank[from.term];
  const toRank = termRank[to.term];
  if (toRank < fromRank) return 'downgrade';
  if (toRank > fromRank) return 'upgrade';
  return yearlyBaseFeeCents(to) > yearlyBaseFeeCents(from) ? 'upgrade' : 'downgrade';
}

/**
 * Whether a change from one tariff to another concludes a paid obligation, whose button must say so after a summary
 * of the new tariff (docs/rules/contract-and-cancellation.md#tariff-change): the new tariff has a base fee, or it
 * binds longer than the current one. A change to a tariff without base fee and without a longer term may keep a
 * neutral button.
 */
export function concludesPaidObligation(from: ComparableTariff, to: ComparableTariff): boolean {
  return yearlyBaseFeeCents(to) > 0 || termRank[to.term] > termRank[from.term];
}

import { describe, expect, it } from 'vitest';
import { tariffSeed } from '~/db/seed/reference-data';
import { translator } from '~/i18n/translate';
import { tariffOfferText, tariffTermsRows, type TariffTerms } from './tariff-text';

/**
 * What a paid order says of a tariff (docs/decisions/0059-paid-orders-summary-before-the-button.md): the choice at
 * registration names price and term, the summary before the button names every price of the tariff and its term.
 */
const seeded = (id: string): TariffTerms => {
  const tariff = tariffSeed.find((row) => row.id === id);
  if (!tariff) throw new Error(`no seeded tariff ${id}`);
  return {
    ridePriceCents: 0,
    rideBlockMinutes: 30,
    freeMinutes: 0,
    dailyCapCents: null,
    firstTermMonths: 0,
    ...tariff,
  };
};

/** Amounts carry a non-breaking space before or after the euro sign; the expectations read plainer without it. */
const plain = (text: string) => text.replaceAll('\u00a0', ' ');
const plainRows = (rows: { label: string; value: string }[]) =>
  rows.map((row) => ({ label: row.label, value: plain(row.value) }));

describe('a tariff as an order names it', () => {
  it('names fee, ride price and term in the choice, in both languages', () => {
    expect(plain(tariffOfferText(seeded('komfort-jahr'), translator('de', 'cab'), 'de'))).toBe(
      'Komfort Jahr – Grundgebühr: 49,00 € pro Jahr; Fahrpreis: 1,00 € je angefangene 30 Minuten; 12 Monate Erstlaufzeit',
    );
    expect(plain(tariffOfferText(seeded('basis'), translator('en', 'cab'), 'en'))).toBe(
      'Basic – base fee: €3.00 per year; ride price: €1.00 per started 30 minutes; no minimum term',
    );
    expect(tariffOfferText(seeded('flinkster-flex'), translator('de', 'flinkster'), 'de')).toBe(
      'Flex – Grundgebühr: keine; Fahrpreis: je nach Fahrzeugklasse; ohne Mindestlaufzeit',
    );
  });

  it('lists every price and the term in the summary; a car tariff is priced by vehicle class and speaks of no bike', () => {
    expect(plainRows(tariffTermsRows(seeded('komfort-monat'), translator('de', 'cab'), 'de'))).toEqual([
      { label: 'Tarif', value: 'Komfort Monat' },
      { label: 'Grundgebühr', value: '9,00 € pro Monat' },
      {
        label: 'Fahrpreis',
        value: '1,00 € je angefangene 30 Minuten. Die ersten 30 Minuten jeder Fahrt frei (nicht für E-Bikes)',
      },
      { label: 'Tageshöchstpreis', value: '12,00 €' },
      { label: 'Laufzeit', value: 'monatlich, jederzeit zum Monatsende kündbar' },
    ]);
    const flex = tariffTermsRows(seeded('flinkster-flex'), translator('en', 'flinkster'), 'en');
    expect(flex).toEqual([
      { label: 'Tariff', value: 'Flex' },
      { label: 'Base fee', value: 'none' },
      { label: 'Ride price', value: 'by vehicle class, per hour and kilometre, see the price list' },
      { label: 'Term', value: 'no minimum term; ends at the end of the month of cancellation' },
    ]);
    expect(JSON.stringify(flex)).not.toMatch(/bike/i);
  });
});

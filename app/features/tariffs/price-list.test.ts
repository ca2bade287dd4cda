import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { business } from '~/config/business';
import { seedReferenceData } from '~/db/seed/seed.server';
import { translator } from '~/i18n/translate';
import { baseFeeText } from './tariff-text';
import { listTariffs, listVehicleClasses } from './tariffs.server';

/**
 * What the price list shows (docs/rules/contract-and-cancellation.md#tariffs-and-price-list), from the
 * seeded tariffs.
 */
describe.each(databaseBackends)('price list on %s', (backend) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('offers the bike tariffs of cab with their fees, ride prices, caps and terms, and no car classes', async () => {
    database = await createTestDatabase(backend);
    await seedReferenceData(database.handle.db);
    const tariffs = await listTariffs(database.handle.db, 'cab');

    expect(
      tariffs.map(
        ({ id, baseFeeCents, baseFeePeriod, ridePriceCents, rideBlockMinutes, freeMinutes, dailyCapCents, term }) => ({
          id,
          baseFeeCents,
          baseFeePeriod,
          ridePriceCents,
          rideBlockMinutes,
          freeMinutes,
          dailyCapCents,
          term,
        }),
      ),
    ).toEqual([
      {
        id: 'basis',
        baseFeeCents: 300,
        baseFeePeriod: 'year',
        ridePriceCents: 100,
        rideBlockMinutes: 30,
        freeMinutes: 0,
        dailyCapCents: 1500,
        term: 'none',
      },
      {
        id: 'komfort-monat',
        baseFeeCents: 900,
        baseFeePeriod: 'month',
        ridePriceCents: 100,
        rideBlockMinutes: 30,
        freeMinutes: 30,
        dailyCapCents: 1200,
        term: 'monthly',
      },
      {
        id: 'komfort-jahr',
        baseFeeCents: 4900,
        baseFeePeriod: 'year',
        ridePriceCents: 100,
        rideBlockMinutes: 30,
        freeMinutes: 30,
        dailyCapCents: 1200,
        term: 'annual',
      },
    ]);
    expect(tariffs.find((tariff) => tariff.id === 'komfort-jahr')?.firstTermMonths).toBe(12);
    // Amounts as German readers write them, with a non-breaking space before the euro sign.
    expect(tariffs.map((tariff) => baseFeeText(tariff, translator('de', 'cab'), 'de'))).toEqual([
      '3,00\u00a0€ pro Jahr',
      '9,00\u00a0€ pro Monat',
      '49,00\u00a0€ pro Jahr',
    ]);
    expect(business.eBikeSurchargeCents).toBe(100);
    expect(business.eBikeSurchargeBlockMinutes).toBe(30);
    expect(await listVehicleClasses(database.handle.db, 'cab')).toEqual([]);
  });

  it('offers flinkster’s tariff without base fee and its car classes with hour, km and daily prices', async () => {
    database = await createTestDatabase(backend);
    await seedReferenceData(database.handle.db);
    const tariffs = await listTariffs(database.handle.db, 'flinkster');
    const classes = await listVehicleClasses(database.handle.db, 'flinkster');

    expect(tariffs.map((tariff) => tariff.id)).toEqual(['flinkster-flex']);
    expect(baseFeeText(tariffs[0]!, translator('en', 'flinkster'), 'en')).toBe('none');
    expect(
      classes.map(({ nameDe, nameEn, hourCents, kmCents, dailyCapCents }) => ({
        nameDe,
        nameEn,
        hourCents,
        kmCents,
        dailyCapCents,
      })),
    ).toEqual([
      { nameDe: 'Mini', nameEn: 'Mini', hourCents: 450, kmCents: 24, dailyCapCents: 5900 },
      { nameDe: 'Kompakt', nameEn: 'Compact', hourCents: 600, kmCents: 26, dailyCapCents: 7500 },
      { nameDe: 'Transporter', nameEn: 'Van', hourCents: 900, kmCents: 32, dailyCapCents: 9900 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { tariffSeed, vehicleClassSeed } from '~/db/seed/reference-data';
import {
  isElectricAssisted,
  rateBikeRide,
  rateBikeRides,
  rateCarRide,
  RatingError,
  type BikeRide,
  type BikeTariff,
  type CarPrices,
} from './rating';
import { rideSettings } from './ride-settings';

/*
 * Rating tables written from the rules of rides and charges, with every expected amount worked out by hand in
 * the table (docs/decisions/0062-ride-rating.md states how the rules are read):
 * - cab: basis 1.00 € per started 30 min, daily cap 15.00 €; komfort 1.00 € per started 30 min after the first
 *   30 min of each ride, which are free (not for e-bikes), daily cap 12.00 €; e-bike surcharge 1.00 € per started
 *   30 min of the whole ride on every tariff; the cap limits the rides that started on one Berlin day together,
 *   surcharges included.
 * - flinkster: per started hour, capped per started 24 h by the class's daily cap, plus per started km.
 */

const basis: BikeTariff = { ridePriceCents: 100, rideBlockMinutes: 30, freeMinutes: 0, dailyCapCents: 1500 };
const komfort: BikeTariff = { ridePriceCents: 100, rideBlockMinutes: 30, freeMinutes: 30, dailyCapCents: 1200 };
const mini: CarPrices = { hourCents: 450, kmCents: 24, dailyCapCents: 5900 };
const kompakt: CarPrices = { hourCents: 600, kmCents: 26, dailyCapCents: 7500 };
const transporter: CarPrices = { hourCents: 900, kmCents: 32, dailyCapCents: 9900 };

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
/** `mm:ss` as milliseconds. */
const mmss = (minutes: number, seconds: number) => minutes * minute + seconds * second;

/** A Tuesday morning in winter, Berlin time (UTC+1). */
const morning = new Date('2026-03-10T09:00:00+01:00');

function bike(durationMs: number, electric = false, start = morning): BikeRide {
  return { startTime: start, endTime: new Date(start.getTime() + durationMs), electric };
}

function alone(ride: BikeRide, tariff: BikeTariff) {
  return rateBikeRide(ride, tariff, { alreadyChargedThatDayCents: 0 });
}

function errorCode(rate: () => unknown): string {
  try {
    rate();
  } catch (error) {
    expect(error).toBeInstanceOf(RatingError);
    return (error as RatingError).code;
  }
  throw new Error('expected a RatingError');
}

describe('the tables price the seeded tariffs and classes', () => {
  it('uses the prices the seed holds and the e-bike surcharge the price list shows', () => {
    for (const id of ['basis', 'komfort-monat', 'komfort-jahr']) {
      const seeded = tariffSeed.find((tariff) => tariff.id === id)!;
      expect({
        ridePriceCents: seeded.ridePriceCents,
        rideBlockMinutes: seeded.rideBlockMinutes,
        freeMinutes: seeded.freeMinutes,
        dailyCapCents: seeded.dailyCapCents,
      }).toEqual(id === 'basis' ? basis : komfort);
    }
    for (const [id, prices] of Object.entries({ mini, kompakt, transporter })) {
      const seeded = vehicleClassSeed.find((vehicleClass) => vehicleClass.id === id)!;
      expect({ hourCents: seeded.hourCents, kmCents: seeded.kmCents, dailyCapCents: seeded.dailyCapCents }).toEqual(
        prices,
      );
    }
    expect(rideSettings.eBikeSurcharge).toEqual({ blockPriceCents: 100, blockMinutes: 30 });
    expect(rideSettings.car).toEqual({ blockMinutes: 60, capPeriodHours: 24 });
  });
});

describe('bike rides: per started 30 min', () => {
  // basis: blocks = started 30 min of the whole ride, 1.00 € each.
  it.each([
    ['0:00 (no duration)', 0, 0, 0],
    ['0:01', mmss(0, 1), 1, 100],
    ['29:59', mmss(29, 59), 1, 100],
    ['30:00', mmss(30, 0), 1, 100],
    ['30:01', mmss(30, 1), 2, 200],
    ['60:00', mmss(60, 0), 2, 200],
    ['60:01', mmss(60, 1), 3, 300],
    ['3 h', 3 * hour, 6, 600],
  ])('basis, %s: %i blocks, %i cents', (_, durationMs, blocks, priceCents) => {
    const rated = alone(bike(durationMs), basis);
    expect(rated.priceCents).toBe(priceCents);
    expect(rated.breakdown).toMatchObject({ blocks, blocksCents: priceCents, freeMs: 0, surchargeBlocks: 0 });
  });

  // komfort: the first 30 min are free; blocks are the started 30 min of the rest.
  it.each([
    ['0:00 (no duration)', 0, 0, 0, 0],
    ['29:59', mmss(29, 59), mmss(29, 59), 0, 0],
    ['30:00', mmss(30, 0), mmss(30, 0), 0, 0],
    ['30:01 (1 s beyond the free time)', mmss(30, 1), mmss(30, 0), 1, 100],
    ['45:00 (15 min beyond)', mmss(45, 0), mmss(30, 0), 1, 100],
    ['60:00 (30 min beyond)', mmss(60, 0), mmss(30, 0), 1, 100],
    ['60:01 (30:01 beyond)', mmss(60, 1), mmss(30, 0), 2, 200],
    ['3 h (2:30 beyond)', 3 * hour, mmss(30, 0), 5, 500],
  ])('komfort, %s: %i ms free, %i blocks, %i cents', (_, durationMs, freeMs, blocks, priceCents) => {
    const rated = alone(bike(durationMs), komfort);
    expect(rated.priceCents).toBe(priceCents);
    expect(rated.breakdown).toMatchObject({ freeMinutes: 30, freeMs, blocks, blocksCents: priceCents });
  });

  it('counts real time, not the wall clock, across a daylight-saving switch', () => {
    // 29 March 2026 01:50 CET to 03:10 CEST: the clock shows 80 minutes, the ride took 20: one block.
    const spring = { startTime: new Date('2026-03-29T01:50:00+01:00'), endTime: new Date('2026-03-29T03:10:00+02:00') };
    expect(alone({ ...spring, electric: false }, basis).breakdown).toMatchObject({
      durationMs: 20 * minute,
      blocks: 1,
    });
    // 25 October 2026 02:50 CEST to 02:10 CET: the clock runs backwards, the ride took 20 minutes: one block.
    const autumn = { startTime: new Date('2026-10-25T02:50:00+02:00'), endTime: new Date('2026-10-25T02:10:00+01:00') };
    expect(alone({ ...autumn, electric: false }, basis).priceCents).toBe(100);
  });
});

describe('e-bike rides: the surcharge per started 30 min, no free minutes', () => {
  // basis e-bike: blocks + surcharge blocks, both the started 30 min of the whole ride, 1.00 € each.
  it.each([
    ['0:00 (no duration)', 0, 0, 0],
    ['29:59', mmss(29, 59), 1, 200],
    ['30:00', mmss(30, 0), 1, 200],
    ['30:01', mmss(30, 1), 2, 400],
  ])('basis, %s: %i blocks and as many surcharge blocks, %i cents', (_, durationMs, blocks, priceCents) => {
    const rated = alone(bike(durationMs, true), basis);
    expect(rated.priceCents).toBe(priceCents);
    expect(rated.breakdown).toMatchObject({ blocks, surchargeBlocks: blocks, surchargeCents: blocks * 100 });
  });

  // komfort e-bike: the price list's free time is "not for e-bikes", so neither the ride price nor the surcharge
  // has free minutes: the same as basis.
  it.each([
    ['29:59', mmss(29, 59), 1, 200],
    ['30:00', mmss(30, 0), 1, 200],
    ['30:01', mmss(30, 1), 2, 400],
    ['45:00', mmss(45, 0), 2, 400],
  ])('komfort, %s: %i blocks and as many surcharge blocks, %i cents', (_, durationMs, blocks, priceCents) => {
    const rated = alone(bike(durationMs, true), komfort);
    expect(rated.priceCents).toBe(priceCents);
    expect(rated.breakdown).toMatchObject({ freeMinutes: 0, freeMs: 0, blocks, surchargeBlocks: blocks });
  });

  it('shows in full how a komfort e-bike ride of 45 min was made, as JSON', () => {
    // 45 min: 2 started blocks at 1.00 € (no free minutes on an e-bike) + 2 surcharge blocks at 1.00 € = 4.00 €.
    const rated = alone(bike(mmss(45, 0), true), komfort);
    expect(rated).toEqual({
      priceCents: 400,
      breakdown: {
        kind: 'bike',
        day: '2026-03-10',
        durationMs: 45 * minute,
        electric: true,
        freeMinutes: 0,
        freeMs: 0,
        blockMinutes: 30,
        blockPriceCents: 100,
        blocks: 2,
        blocksCents: 200,
        surchargeBlockMinutes: 30,
        surchargeBlockPriceCents: 100,
        surchargeBlocks: 2,
        surchargeCents: 200,
        beforeCapCents: 400,
        dailyCapCents: 1200,
        alreadyChargedThatDayCents: 0,
        capReductionCents: 0,
      },
    });
    expect(JSON.parse(JSON.stringify(rated))).toEqual(rated);
  });

  it('knows an e-bike by MDS propulsion types', () => {
    expect(isElectricAssisted(['electric_assist'])).toBe(true);
    expect(isElectricAssisted(['human', 'electric_assist'])).toBe(true);
    expect(isElectricAssisted(['human'])).toBe(false);
    expect(isElectricAssisted([])).toBe(false);
  });
});

describe('the daily cap', () => {
  const at = (time: string) => new Date(`2026-03-10T${time}:00+01:00`);
  const day = (tariff: BikeTariff, rides: BikeRide[]) => rateBikeRides(rides.map((ride) => ({ ride, tariff })));

  it('is reached by the third 3-hour ride of a basis day: 6.00 € + 6.00 € + 3.00 € = 15.00 €', () => {
    const rated = day(basis, [
      bike(3 * hour, false, at('08:00')),
      bike(3 * hour, false, at('12:00')),
      bike(3 * hour, false, at('16:00')),
      bike(1 * hour, false, at('20:00')),
    ]);
    expect(rated.map((ride) => ride.priceCents)).toEqual([600, 600, 300, 0]);
    expect(rated.map((ride) => ride.breakdown.alreadyChargedThatDayCents)).toEqual([0, 600, 1200, 1500]);
    expect(rated.map((ride) => ride.breakdown.capReductionCents)).toEqual([0, 0, 300, 200]);
  });

  it('is reached by the third 3-hour ride of a komfort day: 5.00 € + 5.00 € + 2.00 € = 12.00 €', () => {
    // 3 h on komfort: 2:30 beyond the free 30 min = 5 blocks = 5.00 €.
    const rated = day(komfort, [
      bike(3 * hour, false, at('08:00')),
      bike(3 * hour, false, at('12:00')),
      bike(3 * hour, false, at('16:00')),
    ]);
    expect(rated.map((ride) => ride.priceCents)).toEqual([500, 500, 200]);
    expect(rated[2]!.breakdown).toMatchObject({ beforeCapCents: 500, dailyCapCents: 1200, capReductionCents: 300 });
  });

  it('includes the e-bike surcharge: two 3-hour e-bike rides on basis cost 12.00 € + 3.00 €', () => {
    // 3 h e-bike: 6 blocks + 6 surcharge blocks = 12.00 €; the second ride has 3.00 € left under the cap.
    const rated = day(basis, [bike(3 * hour, true, at('08:00')), bike(3 * hour, true, at('12:00'))]);
    expect(rated.map((ride) => ride.priceCents)).toEqual([1200, 300]);
    expect(rated[1]!.breakdown).toMatchObject({ blocksCents: 600, surchargeCents: 600, capReductionCents: 900 });
  });

  it('limits a single ride too: a 7-hour basis e-bike ride costs 15.00 €, not 28.00 €', () => {
    const rated = alone(bike(7 * hour, true), basis);
    expect(rated.priceCents).toBe(1500);
    expect(rated.breakdown).toMatchObject({ blocksCents: 1400, surchargeCents: 1400, capReductionCents: 1300 });
  });

  it('takes what the day already cost from the caller', () => {
    // 3 h on basis = 6.00 € before the cap of 15.00 €.
    const rated = (alreadyChargedThatDayCents: number) =>
      rateBikeRide(bike(3 * hour), basis, { alreadyChargedThatDayCents }).priceCents;
    expect(rated(0)).toBe(600);
    expect(rated(900)).toBe(600);
    expect(rated(1400)).toBe(100);
    expect(rated(1500)).toBe(0);
    expect(rated(2000)).toBe(0);
  });

  it('does not apply when the tariff has none', () => {
    expect(alone(bike(10 * hour), { ...basis, dailyCapCents: null }).priceCents).toBe(2000);
  });

  it('applies each ride its own tariff’s cap after an upgrade during the day', () => {
    // basis 6.00 €, then komfort (cap 12.00 €): 5.00 € (11.00 € so far), then 1.00 € left under komfort's cap.
    const rated = rateBikeRides([
      { ride: bike(3 * hour, false, at('08:00')), tariff: basis },
      { ride: bike(3 * hour, false, at('12:00')), tariff: komfort },
      { ride: bike(3 * hour, false, at('16:00')), tariff: komfort },
    ]);
    expect(rated.map((ride) => ride.priceCents)).toEqual([600, 500, 100]);
  });

  it('counts a ride across midnight to the Berlin day it started on', () => {
    // Day 10 reaches the cap; a ride from 23:50 to 00:20 counts to day 10 and costs nothing; a ride starting
    // at 00:30 on day 11 starts a new day and pays its block.
    const rated = day(basis, [
      bike(3 * hour, false, at('08:00')),
      bike(3 * hour, false, at('12:00')),
      bike(3 * hour, false, at('16:00')),
      bike(30 * minute, false, at('23:50')),
      bike(20 * minute, false, new Date('2026-03-11T00:30:00+01:00')),
    ]);
    expect(rated.map((ride) => [ride.breakdown.day, ride.priceCents])).toEqual([
      ['2026-03-10', 600],
      ['2026-03-10', 600],
      ['2026-03-10', 300],
      ['2026-03-10', 0],
      ['2026-03-11', 100],
    ]);
  });

  it('takes the day in Berlin, not in UTC, in winter and in summer', () => {
    // 23:30 UTC is 00:30 the next day in Berlin (UTC+1 in winter); 22:30 UTC is 00:30 in summer (UTC+2).
    expect(alone(bike(minute, false, new Date('2026-03-10T23:30:00Z')), basis).breakdown.day).toBe('2026-03-11');
    expect(alone(bike(minute, false, new Date('2026-07-10T22:30:00Z')), basis).breakdown.day).toBe('2026-07-11');
    expect(alone(bike(minute, false, new Date('2026-07-10T21:59:59Z')), basis).breakdown.day).toBe('2026-07-10');
  });

  it('refuses rides that are not sorted by start', () => {
    const rides = [bike(hour, false, at('12:00')), bike(hour, false, at('08:00'))].map((ride) => ({
      ride,
      tariff: basis,
    }));
    expect(errorCode(() => rateBikeRides(rides))).toBe('rides-out-of-order');
  });
});

describe('car rides: per started hour capped per started 24 h, plus per started km', () => {
  // A ride of 25 h and 301.2 km: the first 24 h are one period, capped at the class's daily cap; the 25th hour
  // starts a second period (1 started hour, under the cap); 301.2 km are 302 started km, on top of the cap.
  it.each([
    // class, 24 h × hour price → cap, 1 h, 302 km × km price, total
    ['mini', mini, 24 * 450, 5900, 450, 302 * 24, 5900 + 450 + 7248],
    ['kompakt', kompakt, 24 * 600, 7500, 600, 302 * 26, 7500 + 600 + 7852],
    ['transporter', transporter, 24 * 900, 9900, 900, 302 * 32, 9900 + 900 + 9664],
  ])('%s, 25 h and 301.2 km', (_, prices, firstDayBeforeCap, firstDayCents, lastHourCents, kmCents, priceCents) => {
    const rated = rateCarRide(
      { startTime: morning, endTime: new Date(morning.getTime() + 25 * hour), distanceMeters: 301_200 },
      prices,
    );
    expect(rated.priceCents).toBe(priceCents);
    expect(rated.breakdown).toMatchObject({
      hours: 25,
      periods: [
        { count: 1, hours: 24, beforeCapCents: firstDayBeforeCap, cents: firstDayCents },
        { count: 1, hours: 1, beforeCapCents: lastHourCents, cents: lastHourCents },
      ],
      timeCents: firstDayCents + lastHourCents,
      capReductionCents: firstDayBeforeCap - firstDayCents,
      km: 302,
      kmCents,
    });
  });

  it('shows in full how a car ride was made, as JSON', () => {
    const rated = rateCarRide(
      { startTime: morning, endTime: new Date(morning.getTime() + 25 * hour), distanceMeters: 301_200 },
      mini,
    );
    expect(rated).toEqual({
      priceCents: 13_598,
      breakdown: {
        kind: 'car',
        durationMs: 25 * hour,
        hours: 25,
        hourPriceCents: 450,
        periodHours: 24,
        dailyCapCents: 5900,
        periods: [
          { count: 1, hours: 24, beforeCapCents: 10_800, cents: 5900 },
          { count: 1, hours: 1, beforeCapCents: 450, cents: 450 },
        ],
        timeCents: 6350,
        capReductionCents: 4900,
        distanceMeters: 301_200,
        km: 302,
        kmPriceCents: 24,
        kmCents: 7248,
      },
    });
    expect(JSON.parse(JSON.stringify(rated))).toEqual(rated);
  });

  // mini: 4.50 € per started hour, cap 59.00 € per started 24 h (13 h = 58.50 € is under it, 14 h = 63.00 € over).
  it.each([
    ['0:00 (no duration)', 0, 0, 0],
    ['0:00:01', second, 1, 450],
    ['0:59:59', hour - second, 1, 450],
    ['1:00:00', hour, 1, 450],
    ['1:00:01', hour + second, 2, 900],
    ['13 h', 13 * hour, 13, 5850],
    ['13 h and 1 ms', 13 * hour + 1, 14, 5900],
    ['24 h (one period)', 24 * hour, 24, 5900],
    ['24 h and 1 ms (a second period begins)', 24 * hour + 1, 25, 5900 + 450],
    ['47 h (the second period capped too)', 47 * hour, 47, 5900 + 5900],
    ['48 h', 48 * hour, 48, 2 * 5900],
    ['49:30', 49 * hour + 30 * minute, 50, 2 * 5900 + 2 * 450],
  ])('mini, %s without distance: %i started hours, %i cents', (_, durationMs, hours, priceCents) => {
    const rated = rateCarRide(
      { startTime: morning, endTime: new Date(morning.getTime() + durationMs), distanceMeters: 0 },
      mini,
    );
    expect(rated.priceCents).toBe(priceCents);
    expect(rated.breakdown).toMatchObject({ hours, timeCents: priceCents, km: 0, kmCents: 0 });
  });

  it('groups the full periods of a long ride', () => {
    const rated = rateCarRide(
      { startTime: morning, endTime: new Date(morning.getTime() + 48 * hour), distanceMeters: 0 },
      mini,
    );
    expect(rated.breakdown.periods).toEqual([{ count: 2, hours: 24, beforeCapCents: 10_800, cents: 5900 }]);
    expect(rated.breakdown.capReductionCents).toBe(2 * 4900);
  });

  // km: the distance rounded up to whole km, 0.24 € each on mini (a ride of no duration, so only km are priced).
  it.each([
    [0, 0, 0],
    [1, 1, 24],
    [999, 1, 24],
    [1000, 1, 24],
    [1001, 2, 48],
    [301_200, 302, 7248],
  ])('mini, %i m: %i started km, %i cents', (distanceMeters, km, priceCents) => {
    const rated = rateCarRide({ startTime: morning, endTime: morning, distanceMeters }, mini);
    expect(rated.priceCents).toBe(priceCents);
    expect(rated.breakdown).toMatchObject({ km, kmCents: priceCents });
  });

  it('does not cap the km: 1 h and 500 km on mini cost 4.50 € + 120.00 €', () => {
    const rated = rateCarRide(
      { startTime: morning, endTime: new Date(morning.getTime() + hour), distanceMeters: 500_000 },
      mini,
    );
    expect(rated.priceCents).toBe(450 + 12_000);
    expect(rated.breakdown.capReductionCents).toBe(0);
  });
});

describe('inputs the rating refuses', () => {
  const car = { startTime: morning, endTime: new Date(morning.getTime() + hour), distanceMeters: 1000 };

  it('a ride that ends before it starts', () => {
    expect(errorCode(() => alone({ ...bike(0), endTime: new Date(morning.getTime() - 1) }, basis))).toBe(
      'end-before-start',
    );
    expect(errorCode(() => rateCarRide({ ...car, endTime: new Date(morning.getTime() - hour) }, mini))).toBe(
      'end-before-start',
    );
  });

  it('an instant that is not one', () => {
    expect(errorCode(() => alone({ ...bike(0), endTime: new Date('not a date') }, basis))).toBe('invalid-time');
    expect(errorCode(() => rateCarRide({ ...car, startTime: new Date(Number.NaN) }, mini))).toBe('invalid-time');
  });

  it('amounts that are not whole, non-negative cents', () => {
    expect(errorCode(() => alone(bike(hour), { ...basis, ridePriceCents: 99.5 }))).toBe('invalid-amount');
    expect(errorCode(() => alone(bike(hour), { ...basis, dailyCapCents: -1 }))).toBe('invalid-amount');
    expect(errorCode(() => rateBikeRide(bike(hour), basis, { alreadyChargedThatDayCents: 0.5 }))).toBe(
      'invalid-amount',
    );
    expect(errorCode(() => rateBikeRide(bike(hour), basis, { alreadyChargedThatDayCents: -100 }))).toBe(
      'invalid-amount',
    );
    expect(errorCode(() => rateCarRide(car, { ...mini, kmCents: 24.5 }))).toBe('invalid-amount');
    expect(errorCode(() => rateCarRide(car, { ...mini, hourCents: Number.NaN }))).toBe('invalid-amount');
  });

  it('blocks and free minutes that are not whole minutes', () => {
    expect(errorCode(() => alone(bike(hour), { ...basis, rideBlockMinutes: 0 }))).toBe('invalid-minutes');
    expect(errorCode(() => alone(bike(hour), { ...komfort, freeMinutes: 0.5 }))).toBe('invalid-minutes');
  });

  it('a distance that is not whole, non-negative metres', () => {
    expect(errorCode(() => rateCarRide({ ...car, distanceMeters: -1 }, mini))).toBe('invalid-distance');
    expect(errorCode(() => rateCarRide({ ...car, distanceMeters: 301_200.5 }, mini))).toBe('invalid-distance');
    expect(errorCode(() => rateCarRide({ ...car, distanceMeters: Number.POSITIVE_INFINITY }, mini))).toBe(
      'invalid-distance',
    );
  });
});

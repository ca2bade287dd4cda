import type { tariffs, vehicleClasses, redirects } from '../schema';

/**
 * Example prices, seeded once so that a new installation has a price list. Operators change them in
 * the tables; a later start never overwrites them. Nowhere are they presented as official prices.
 */
export const tariffSeed: (typeof tariffs.$inferInsert)[] = [
  {
    id: 'basis',
    brand: 'cab',
    nameDe: 'Basis',
    nameEn: 'Basic',
    baseFeeCents: 300,
    baseFeePeriod: 'year',
    ridePriceCents: 100,
    rideBlockMinutes: 30,
    freeMinutes: 0,
    dailyCapCents: 1500,
    term: 'none',
    sortOrder: 1,
  },
  {
    id: 'komfort-monat',
    brand: 'cab',
    nameDe: 'Komfort Monat',
    nameEn: 'Comfort monthly',
    baseFeeCents: 900,
    baseFeePeriod: 'month',
    ridePriceCents: 100,
    rideBlockMinutes: 30,
    freeMinutes: 30,
    dailyCapCents: 1200,
    term: 'monthly',
    sortOrder: 2,
  },
  {
    id: 'komfort-jahr',
    brand: 'cab',
    nameDe: 'Komfort Jahr',
    nameEn: 'Comfort annual',
    baseFeeCents: 4900,
    baseFeePeriod: 'year',
    ridePriceCents: 100,
    rideBlockMinutes: 30,
    freeMinutes: 30,
    dailyCapCents: 1200,
    term: 'annual',
    firstTermMonths: 12,
    sortOrder: 3,
  },
  {
    id: 'flinkster-flex',
    brand: 'flinkster',
    nameDe: 'Flex',
    nameEn: 'Flex',
    baseFeeCents: 0,
    baseFeePeriod: 'none',
    ridePriceCents: 0,
    term: 'none',
    sortOrder: 1,
  },
];

export const vehicleClassSeed: (typeof vehicleClasses.$inferInsert)[] = [
  {
    id: 'mini',
    brand: 'flinkster',
    nameDe: 'Mini',
    nameEn: 'Mini',
    hourCents: 450,
    kmCents: 24,
    dailyCapCents: 5900,
    sortOrder: 1,
  },
  {
    id: 'kompakt',
    brand: 'flinkster',
    nameDe: 'Kompakt',
    nameEn: 'Compact',
    hourCents: 600,
    kmCents: 26,
    dailyCapCents: 7500,
    sortOrder: 2,
  },
  {
    id: 'transporter',
    brand: 'flinkster',
    nameDe: 'Transporter',
    nameEn: 'Van',
    hourCents: 900,
    kmCents: 32,
    dailyCapCents: 9900,
    sortOrder: 3,
  },
];

/** Old addresses that still circulate in print and apps. */
export const redirectSeed: (typeof redirects.$inferInsert)[] = [
  { source: '/de/preise', target: '/de/preisverzeichnis', permanent: true },
  { source: '/en/prices', target: '/en/pricelist', permanent: true },
  { source: '/de/app', target: '/de/get-the-app', permanent: true },
  { source: '/en/app', target: '/en/get-the-app', permanent: true },
];

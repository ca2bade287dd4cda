import type { Brand } from '~/config/brand';
import type { BrandMessageKey } from './brand.de';

/** English messages whose words depend on the brand (app/i18n/messages/brand.de.ts). */
export const brandEn: Record<Brand, Record<BrandMessageKey, string>> = {
  cab: {
    'page.home.description': 'Rent bikes and e-bikes around the clock: register, choose a tariff, ride off.',
    'home.lead': '{brand} gets you through the city by bike: rent with the app, ride, return at any station.',
    'cancel.contract.name': 'Call a Bike – customer contract (bike rental)',
    'rides.intro':
      "Each ride costs what your tariff said when it started: per started 30 minutes after your tariff's free minutes, with a surcharge on an e-bike, and never more than the daily cap for all rides that started on one day.",
  },
  flinkster: {
    'page.home.description':
      'Car sharing around the clock: register, choose a tariff, book a car near you and drive off.',
    'home.lead': '{brand} gets you there by car: book with the app, get in, park it back at its station.',
    'cancel.contract.name': 'Flinkster – customer contract (car sharing)',
    'rides.intro':
      'Each ride costs what its vehicle class says: per started hour, at most the daily cap per started 24 hours, plus per started kilometre.',
  },
};

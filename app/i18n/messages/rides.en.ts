import type { ridesDe } from './rides.de';

/** The rides page and its CSV download (docs/rules/rides-and-charges.md#rides-page). */
export const ridesEn = {
  'rides.caption': 'Your rides, newest first',
  'rides.empty': 'No rides yet. Once a ride has ended and is priced, it is listed here.',
  'rides.column.start': 'Start',
  'rides.column.end': 'End',
  'rides.column.duration': 'Duration',
  'rides.column.vehicle': 'Vehicle',
  'rides.column.distance': 'Distance',
  'rides.column.price': 'Price',
  'rides.column.breakdown': 'How it was priced',
  'rides.pages': 'Pages of the list of rides',
  'rides.page-of': 'Page {page} of {count}',
  'rides.newer': 'Newer rides',
  'rides.older': 'Older rides',
  'rides.download': 'Download all rides as a CSV file',

  'rides.vehicle.bike': 'Bike',
  'rides.vehicle.e-bike': 'E-bike',
  'rides.vehicle.car': '{class} class',
  'rides.duration.minutes': '{minutes} min',
  'rides.duration.hours': '{hours} h {minutes} min',
  'rides.distance': '{km} km',

  'rides.explain.free': 'first {minutes} min free',
  'rides.explain.blocks': '{count} × {minutes} min at {price}: {total}',
  'rides.explain.surcharge': 'e-bike surcharge {count} × {minutes} min at {price}: {total}',
  'rides.explain.cap': 'daily cap {cap} reached on {day}: −{reduction}',
  'rides.explain.hours': '{count} h at {price}: {total}',
  'rides.explain.car-cap': 'daily cap {cap} per {hours} h: −{reduction}',
  'rides.explain.km': '{count} km at {price}: {total}',

  'rides.csv.start': 'Start',
  'rides.csv.end': 'End',
  'rides.csv.duration': 'Duration (minutes)',
  'rides.csv.vehicle': 'Vehicle',
  'rides.csv.distance': 'Distance (km)',
  'rides.csv.price': 'Price (EUR)',
  'rides.csv.breakdown': 'How it was priced',
  'rides.csv.trip': 'Ride ID',
} as const satisfies Record<keyof typeof ridesDe, string>;

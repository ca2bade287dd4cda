/**
 * What other features, routes and scripts use of rides on the server (docs/decisions/0025-layers-enforced-by-lint.md):
 * booking the fleet system's trips (docs/rules/rides-and-charges.md#trips-in) and the signature it sends them with.
 */
export { receiveTrips, tripReference, type TripResult, type TripStatus, type TripsContext } from './trips.server';
export {
  checkedTrips,
  fleetSignature,
  hasValidFleetSignature,
  isJsonContentType,
  readBoundedBody,
} from './fleet-intake.server';
export { tariffHistory, type TariffHistory } from './tariff-in-force.server';
export {
  parseTripsBody,
  propulsionTypes,
  type FleetTrip,
  type Location,
  type PropulsionType,
  type TripRefusal,
  type TripsParse,
} from './trip-schema';

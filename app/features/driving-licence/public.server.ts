// What other features and the composition root may use of driving licences on the server (docs/decisions/0025):
// storing one at registration, the state for the personal-data page and the data download, the staff
// decision and the verification job (docs/decisions/0031-driving-licence.md).
export {
  asksForDrivingLicence,
  currentLicenceOf,
  decideLicence,
  isCorrectable,
  isExpired,
  licenceHistoryOf,
  storeLicence,
  type CurrentLicence,
  type DecisionOutcome,
  type LicenceDecision,
} from './licences.server';
export { licenceVerificationJob, verifyPendingLicences } from './licence-verification.server';
export { licenceStatusFor } from './licence-pages.server';

// What other features may use of driving licences and that is safe in the browser (docs/decisions/0025).
export { LicenceFieldset, type LicenceFormFields } from './components/licence-fieldset';
export { LicenceStatus, type LicenceStatusData } from './components/licence-status';
export { countryName, countryOptions } from './countries';
export { issuedBeforeAgeProblem, licenceSchema, type LicenceInput } from './licence-schema';

// What other features may use of accounts and that is safe in the browser (docs/decisions/0025).
export { parseGermanDate } from './birth-date';
export { emailSchema } from './email-schema';

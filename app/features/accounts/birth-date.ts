// The date helpers live in app/platform/german-date.ts, where the driving licence's dates use them too.
export { isAtLeastYearsOld, parseGermanDate } from '~/platform/german-date';

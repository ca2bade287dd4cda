// What other features may use of tariffs and that is safe in the browser (docs/decisions/0025).
export { tariffName } from './components/tariff-table';
export { TariffTermsList } from './components/tariff-terms';
export { changeDirection, concludesPaidObligation } from './tariff-comparison';
export { baseFeeText, tariffOfferText, tariffOptionText, type TariffTerms } from './tariff-text';

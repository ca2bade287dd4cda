// What other features may use of tariffs and that is safe in the browser (docs/decisions/0025).
export { tariffName } from './components/tariff-table';
export { changeDirection } from './tariff-comparison';
export { baseFeeText, tariffOptionText } from './tariff-text';

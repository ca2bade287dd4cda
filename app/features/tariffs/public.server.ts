// What other features may use of tariffs on the server (docs/decisions/0025).
export { findTariff, listTariffs, type Tariff } from './tariffs.server';

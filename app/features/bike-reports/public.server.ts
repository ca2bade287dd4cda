// What other features may use of bike reports on the server: the back office's customer view lists the
// reports a customer filed (docs/rules/back-office.md#customer-lookup).
export { bikeReportsOfCustomer, type BikeReportSummary } from './staff-view.server';

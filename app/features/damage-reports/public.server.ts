// What other features may use of vehicle damage reports on the server: the back office's customer view
// lists the reports a customer filed (docs/rules/back-office.md#customer-lookup).
export { damageReportsOfCustomer, type DamageReportSummary } from './staff-view.server';

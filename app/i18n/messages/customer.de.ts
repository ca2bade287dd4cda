import { fieldsDe } from './fields.de';
import { accountsDe } from './accounts.de';
import { contractDe } from './contract.de';
import { withdrawalDe } from './withdrawal.de';
import { creditDe } from './credit.de';
import { ridesDe } from './rides.de';
import { paymentDe } from './payment.de';
import { personalDataDe } from './personal-data.de';
import { drivingLicenceDe } from './driving-licence.de';
import { selfServiceDe } from './self-service.de';
import { bikeReportsDe } from './bike-reports.de';
import { damageReportsDe } from './damage-reports.de';
import { ordersDe } from './orders.de';

/** The customer side's German messages beyond the general ones: forms, accounts, self-service, reports. */
export const customerDe = {
  ...fieldsDe,
  ...accountsDe,
  ...contractDe,
  ...withdrawalDe,
  ...creditDe,
  ...ridesDe,
  ...paymentDe,
  ...personalDataDe,
  ...drivingLicenceDe,
  ...selfServiceDe,
  ...bikeReportsDe,
  ...damageReportsDe,
  ...ordersDe,
} as const;

import { fieldsEn } from './fields.en';
import { accountsEn } from './accounts.en';
import { contractEn } from './contract.en';
import { withdrawalEn } from './withdrawal.en';
import { creditEn } from './credit.en';
import { ridesEn } from './rides.en';
import { paymentEn } from './payment.en';
import { personalDataEn } from './personal-data.en';
import { drivingLicenceEn } from './driving-licence.en';
import { selfServiceEn } from './self-service.en';
import { bikeReportsEn } from './bike-reports.en';
import { damageReportsEn } from './damage-reports.en';
import { ordersEn } from './orders.en';

/** The customer side's English messages beyond the general ones: forms, accounts, self-service, reports. */
export const customerEn = {
  ...fieldsEn,
  ...accountsEn,
  ...contractEn,
  ...withdrawalEn,
  ...creditEn,
  ...ridesEn,
  ...paymentEn,
  ...personalDataEn,
  ...drivingLicenceEn,
  ...selfServiceEn,
  ...bikeReportsEn,
  ...damageReportsEn,
  ...ordersEn,
} as const;

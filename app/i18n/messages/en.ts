import type { SharedMessageKey } from './de';
import { accountsEn } from './accounts.en';
import { fieldsEn } from './fields.en';
import { contractEn } from './contract.en';
import { creditEn } from './credit.en';
import { paymentEn } from './payment.en';
import { personalDataEn } from './personal-data.en';
import { drivingLicenceEn } from './driving-licence.en';
import { selfServiceEn } from './self-service.en';
import { bikeReportsEn } from './bike-reports.en';
import { damageReportsEn } from './damage-reports.en';
import { consentEn } from './consent.en';
import { generalEn } from './general.en';
import { backOfficeEn } from './back-office.en';
import { backOfficeCasesEn } from './back-office-cases.en';
import { customerLookupEn } from './customer-lookup.en';
import { backOfficeMoneyEn } from './back-office-money.en';

export const en = {
  ...fieldsEn,
  ...accountsEn,
  ...contractEn,
  ...creditEn,
  ...paymentEn,
  ...personalDataEn,
  ...drivingLicenceEn,
  ...selfServiceEn,
  ...bikeReportsEn,
  ...damageReportsEn,
  ...consentEn,
  ...backOfficeEn,
  ...backOfficeCasesEn,
  ...customerLookupEn,
  ...backOfficeMoneyEn,
  ...generalEn,
} as const satisfies Record<SharedMessageKey, string>;

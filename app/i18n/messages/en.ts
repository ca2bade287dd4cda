import type { SharedMessageKey } from './de';
import { customerEn } from './customer.en';
import { consentEn } from './consent.en';
import { generalEn } from './general.en';
import { backOfficeEn } from './back-office.en';
import { backOfficeCasesEn } from './back-office-cases.en';
import { customerLookupEn } from './customer-lookup.en';
import { backOfficeMoneyEn } from './back-office-money.en';

export const en = {
  ...customerEn,
  ...consentEn,
  ...backOfficeEn,
  ...backOfficeCasesEn,
  ...customerLookupEn,
  ...backOfficeMoneyEn,
  ...generalEn,
} as const satisfies Record<SharedMessageKey, string>;

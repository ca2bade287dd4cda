import { accountsDe } from './accounts.de';
import { fieldsDe } from './fields.de';
import { contractDe } from './contract.de';
import { creditDe } from './credit.de';
import { paymentDe } from './payment.de';
import { personalDataDe } from './personal-data.de';
import { drivingLicenceDe } from './driving-licence.de';
import { selfServiceDe } from './self-service.de';
import { bikeReportsDe } from './bike-reports.de';
import { damageReportsDe } from './damage-reports.de';
import { consentDe } from './consent.de';
import { generalDe } from './general.de';
import type { BrandMessageKey } from './brand.de';
import { backOfficeDe } from './back-office.de';
import { backOfficeCasesDe } from './back-office-cases.de';
import { customerLookupDe } from './customer-lookup.de';
import { backOfficeMoneyDe } from './back-office-money.de';

/**
 * German messages, the default catalogue. Keys the original site named keep their names
 * (docs/rules/content-and-navigation.md#message-keys).
 */
export const de = {
  ...fieldsDe,
  ...accountsDe,
  ...contractDe,
  ...creditDe,
  ...paymentDe,
  ...personalDataDe,
  ...drivingLicenceDe,
  ...selfServiceDe,
  ...bikeReportsDe,
  ...damageReportsDe,
  ...consentDe,
  ...backOfficeDe,
  ...backOfficeCasesDe,
  ...customerLookupDe,
  ...backOfficeMoneyDe,
  ...generalDe,
} as const;

/** A key of the shared catalogues; `MessageKey` adds the brand's own (app/i18n/messages/brand.de.ts). */
export type SharedMessageKey = keyof typeof de;
export type MessageKey = SharedMessageKey | BrandMessageKey;

import { customerDe } from './customer.de';
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
  ...customerDe,
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

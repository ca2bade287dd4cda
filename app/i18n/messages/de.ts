import { accountsDe } from './accounts.de';
import { fieldsDe } from './fields.de';
import { contractDe } from './contract.de';
import { creditDe } from './credit.de';
import { paymentDe } from './payment.de';
import { personalDataDe } from './personal-data.de';
import { selfServiceDe } from './self-service.de';
import { bikeReportsDe } from './bike-reports.de';
import { damageReportsDe } from './damage-reports.de';
import { consentDe } from './consent.de';
import { generalDe } from './general.de';

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
  ...selfServiceDe,
  ...bikeReportsDe,
  ...damageReportsDe,
  ...consentDe,
  ...generalDe,
} as const;

export type MessageKey = keyof typeof de;

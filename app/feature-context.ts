import type { BrandProfile } from '~/config/brand';
import type { AppConfig } from '~/config/env.server';
import type { Database } from '~/db/client.server';
import type { ContentStore } from '~/features/content/content-store.server';
import type { GeocodingService } from '~/shared/geocoding/geocoding.server';
import type { RedirectStore } from '~/shared/navigation/redirect-store.server';
import type { BankVerifier } from '~/platform/bank-verification/types';
import type { LicenceVerifier } from '~/platform/licence-verification/types';
import type { Logger } from '~/platform/logger.server';
import type { PaymentProvider } from '~/platform/payment-provider/types';
import type { RateLimitStore } from '~/platform/rate-limit/store';

/**
 * Everything a feature may use from the process, built once at start-up by the composition root
 * (services.server.ts) and handed down through the router context. A feature function takes the
 * slice it uses as a plain parameter, `Pick<FeatureContext, 'db' | 'logger'>`, and never builds an
 * adapter itself; a test hands it the same slice with stand-ins (docs/decisions/0023-composition-root.md).
 */
export interface FeatureContext {
  db: Database;
  config: AppConfig;
  /** The brand profile of `config.brand`. */
  brand: BrandProfile;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** The shared counters (Redis when REDIS_URL is set, else in-process). */
  rateLimits: RateLimitStore;
  content: ContentStore;
  redirects: RedirectStore;
  /** Address suggestions: the real geocoder behind GEOCODER_URL, else the bundled gazetteer. */
  geocoding: GeocodingService;
  /** The real provider behind PAYMENT_PROVIDER_URL, else the embedded sandbox. */
  paymentProvider: PaymentProvider;
  /** The real service behind BANK_VERIFICATION_URL, else the embedded sandbox. */
  bankVerifier: BankVerifier;
  /** Checks car-sharing customers' driving licences; the embedded sandbox until a provider is connected. */
  licenceVerifier: LicenceVerifier;
  /** The SEPA creditor identifier mandates name (config/payment.ts). */
  creditorId: string;
  /** Receives the service team's copy of every bike report. */
  serviceTeamEmail: string;
  /** Server secret that keys the hashes of SMS codes, so a leaked table does not give codes away. */
  codeSecret: string;
  /** Called after a mail was queued; logs its body only where the development mailbox is open. */
  onMailQueued(to: string, subject: string, text: string): void;
  /** Called after an SMS was queued; logs its text only where the development SMS box is open. */
  onSmsQueued(to: string, text: string): void;
}

import type { FeatureContext } from '~/feature-context';

/** What the staff feature uses of the process: database, the TOTP key in the configuration, limits and log. */
export type StaffContext = Pick<FeatureContext, 'db' | 'config' | 'rateLimits' | 'logger'>;

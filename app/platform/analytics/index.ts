import { matomoTracker, type Send } from './matomo';
import type { AnalyticsConfig, Tracker } from './tracker';

export type { AnalyticsConfig, PageView, Tracker } from './tracker';
export { analyticsConfig, analyticsOrigin, pathOnly } from './tracker';

/** The tracker for a configuration; null when analytics is off. */
export function createTracker(config: AnalyticsConfig | null, options: { send?: Send } = {}): Tracker | null {
  if (!config) return null;
  switch (config.provider) {
    case 'matomo':
      return matomoTracker(config, options);
  }
}

import type { AppEntry } from '~/platform/content-service/types';

/** The store entry for a phone's user agent, or null for anything that is not iOS or Android. */
export function storeEntryFor(userAgent: string, apps: readonly AppEntry[]): AppEntry | null {
  const platform = /iPhone|iPad|iPod/i.test(userAgent) ? 'ios' : /Android/i.test(userAgent) ? 'android' : null;
  return (platform && apps.find((app) => app.platform === platform)) ?? null;
}

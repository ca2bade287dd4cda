import { describe, expect, it } from 'vitest';
import type { AppEntry } from '~/platform/content-service/types';
import { storeEntryFor } from './app-ramp';

const apps: AppEntry[] = [
  { id: '1', name: 'App', platform: 'ios', storeUrl: 'https://apps.apple.com/de/app/x/id1', badgeText: {} },
  {
    id: '2',
    name: 'App',
    platform: 'android',
    storeUrl: 'https://play.google.com/store/apps/details?id=x',
    badgeText: {},
  },
];

const userAgents = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  // iPadOS presents itself as a Mac; it gets the get-the-app page, which links both stores.
  iPadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
};

describe('the app ramp (/rampage)', () => {
  it('sends iPhones to the App Store entry and Android phones to Google Play', () => {
    expect(storeEntryFor(userAgents.iPhone, apps)?.storeUrl).toBe('https://apps.apple.com/de/app/x/id1');
    expect(storeEntryFor(userAgents.android, apps)?.storeUrl).toContain('play.google.com');
  });

  it('has no store entry for desktops, for a Mac-like iPad, or when the apps list lacks the platform', () => {
    expect(storeEntryFor(userAgents.desktop, apps)).toBeNull();
    expect(storeEntryFor(userAgents.iPadOs, apps)).toBeNull();
    expect(storeEntryFor(userAgents.android, apps.slice(0, 1))).toBeNull();
    expect(storeEntryFor('', apps)).toBeNull();
  });
});

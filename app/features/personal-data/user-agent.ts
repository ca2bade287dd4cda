import { security } from '~/config/security';

/**
 * A session's user agent as a person recognises the device: "Firefox on Windows", "Safari on
 * iPhone". Only the browser family and the operating system, which is all the session list needs;
 * unknown agents are shown shortened.
 */
export interface DeviceDescription {
  browser: string | null;
  system: string | null;
  /** The raw user agent cut to a readable length, for agents neither part was recognised in. */
  fallback: string;
}

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeUserAgent(fullUserAgent: string): DeviceDescription {
  // As much as a session keeps: the Safari pattern takes time quadratic in a longer text.
  const userAgent = fullUserAgent.slice(0, security.sessionUserAgentLength);
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const trimmed = userAgent.trim();
  return { browser, system, fallback: trimmed.length > 60 ? `${trimmed.slice(0, 57)}…` : trimmed };
}

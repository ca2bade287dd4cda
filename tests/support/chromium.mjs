// Debian's Chromium as the end-to-end tests (playwright.config.ts) and the Lighthouse benchmark
// (bench/lighthouse.mjs) start it: plain JavaScript, so that both can import it.

/** Where Debian installs Chromium; `CHROMIUM_PATH` points elsewhere. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * No sandbox (root in CI), no GPU, and no traffic of Chromium's own: this machine has no network
 * besides loopback, and only the page under test should be measured.
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

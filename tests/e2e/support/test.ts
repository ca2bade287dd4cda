import { test as base, expect, type BrowserContextOptions, type ConsoleMessage, type Page } from '@playwright/test';
import { consentValue, type ConsentChoice } from '../../../app/shared/consent/consent-cookie';
import { startAppServer } from '../../support/app-server';
import { startProxiedDatabase, type ProxiedDatabase } from './database';

export { expect };

/** The server a spec talks to. `logs` exists only for servers the worker started itself. */
export interface AppUnderTest {
  url: string;
  logs?(): string;
}

interface TestFixtures {
  /** Console errors (CSP violations included) and uncaught exceptions of `page`, as text. */
  browserErrors: string[];
  /** Attaches the output of a worker's own server to a failed test's report. */
  serverLogsOnFailure: void;
}

interface WorkerFixtures {
  app: AppUnderTest;
  /**
   * The consent choice every browser context starts with, so that the consent dialog does not cover
   * the pages specs are about. `null` starts without one (tests/e2e/consent.spec.ts).
   */
  consentChoice: ConsentChoice | null;
  /**
   * One browser tab per worker for read-only visits: its cache stays warm from test to test, which
   * makes a page visit several times faster than in a fresh context.
   */
  sharedPage: Page;
}

/**
 * The suite's `test`: `baseURL` points at `app`, by default the shared server of the global setup.
 * Specs that need a server of their own override `app` with a worker-scoped fixture.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, provide) => {
      const url = process.env.E2E_BASE_URL;
      if (!url) throw new Error('E2E_BASE_URL is not set; run the suite with `npx playwright test`');
      await provide({ url });
    },
    { scope: 'worker' },
  ],
  consentChoice: ['rejected', { option: true, scope: 'worker' }],
  storageState: async ({ app, consentChoice }, provide) => {
    await provide(consentStorageState(app.url, consentChoice));
  },
  sharedPage: [
    async ({ app, browser, consentChoice }, provide) => {
      const context = await browser.newContext({
        baseURL: app.url,
        locale: 'de-DE',
        storageState: consentStorageState(app.url, consentChoice),
      });
      await provide(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ app }, provide) => {
    await provide(app.url);
  },
  serverLogsOnFailure: [
    async ({ app }, provide, testInfo) => {
      await provide();
      if (app.logs && testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server output', { body: app.logs(), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
  browserErrors: async ({ page }, provide) => {
    const { errors, stop } = collectBrowserErrors(page);
    await provide(errors);
    stop();
  },
});

/**
 * Console errors (CSP violations included) and uncaught exceptions of `page` from now until `stop`,
 * as text: for a tab that outlives the test (`sharedPage`), so that one test's errors stay its own.
 */
export function collectBrowserErrors(page: Page): { errors: string[]; stop(): void } {
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} at ${message.location().url}`);
  };
  const onPageError = (error: Error) => errors.push(`uncaught: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  return {
    errors,
    stop() {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
    },
  };
}

/** Building and starting a server of its own can take a while on a busy machine. */
const serverStartTimeout = 180_000;

/**
 * `test` with a server of the worker's own whose database sits behind a TCP proxy the tests can cut
 * (`database.proxy.cut()`) and restore. `env` adds settings such as `CLIENT`.
 */
export function testWithCuttableDatabase(env: Record<string, string> = {}) {
  return test.extend<object, { database: ProxiedDatabase }>({
    database: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
      async ({}, provide) => {
        const database = await startProxiedDatabase();
        await provide(database);
        await database.dispose();
      },
      { scope: 'worker', timeout: serverStartTimeout },
    ],
    app: [
      async ({ database }, provide) => {
        // No page cache: a cached copy would hide the outage the tests are about.
        const server = await startAppServer({
          ...env,
          ...database.appEnv,
          DATABASE_URL: database.url,
          PAGE_CACHE: 'off',
        });
        await provide(server);
        await server.stop();
      },
      { scope: 'worker', timeout: serverStartTimeout },
    ],
  });
}

/**
 * Waits until React Router has taken over the server-rendered document, so that a click on a link
 * is a client-side navigation rather than a full page load, and React has hydrated every form on
 * it: a form page's form comes in a chunk of its own and is hydrated after the rest of the page
 * (docs/decisions/0016-form-pages-load-their-form-later.md). React marks the elements it has
 * hydrated with a property of its own (`__reactFiber$…`).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
      .__reactRouterDataRouter;
    const hydrated = (form: HTMLFormElement) => Object.keys(form).some((key) => key.startsWith('__reactFiber$'));
    return router?.state.initialized === true && [...document.forms].every(hydrated);
  });
}

/** The nonce of a Content-Security-Policy's script-src. */
export function cspNonce(csp: string | undefined): string | undefined {
  return /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
}

/** A storage state holding just the consent cookie for the app's host (or nothing for `null`). */
export function consentStorageState(
  appUrl: string,
  choice: ConsentChoice | null,
): Exclude<BrowserContextOptions['storageState'], string> {
  if (!choice) return undefined;
  const cookie = {
    name: 'consent',
    value: consentValue(choice),
    domain: new URL(appUrl).hostname,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  };
  return { cookies: [cookie], origins: [] };
}

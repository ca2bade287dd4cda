import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration } from '../../../tests/support/account-fixtures';
import {
  createRouteHarness,
  formPost,
  harnessSessionCookie,
  type RouteHarness,
} from '../../../tests/support/route-harness';
import { databaseBackends } from '../../../tests/support/test-databases';
import { action } from './login';
import { sessions } from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { createSession, hashToken } from '~/features/accounts/sessions.server';
import { pagePath } from '~/i18n/route-table';
import { readCookie } from '~/platform/cookies';

/**
 * After a login the browser goes where `redirectTo` says only when that is a path of this site
 * (shared/navigation/safe-redirect.ts); anything that could leave the site goes to the
 * self-service start page instead. Every login sets a new session cookie.
 */

const email = 'erika@example.org';
const password = 'Radfahren im Regen ist schön';

describe.each(databaseBackends)('POST login with redirectTo on %s', (backend) => {
  let harness: RouteHarness;
  let customerId: string;
  // One account for all logins of a backend: a successful login changes nothing the next one reads.
  beforeAll(async () => {
    harness = await createRouteHarness(backend);
    const outcome = await registerCustomer(harness.services, registration({ email, password }), {
      locale: 'de',
    });
    if (outcome.kind !== 'created') throw new Error('registration failed');
    customerId = outcome.customerId;
  }, 120_000);
  afterAll(async () => {
    await harness?.dispose();
  });

  async function logIn(redirectTo: string, { page = pagePath('login', 'de'), sessionToken = '' } = {}) {
    const answer = await harness.call(
      action,
      formPost(page, { csrf: 'not checked here', redirectTo, email, password }, { sessionToken }),
    );
    if (!(answer instanceof Response)) throw new Error(`login refused: ${JSON.stringify(answer)}`);
    return answer;
  }

  /** The session the response's cookie names: new, this customer's, stored only as a hash. */
  async function expectNewSession(response: Response, previousToken?: string) {
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-sid=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    const token = readCookie(cookie, harnessSessionCookie)!;
    expect(token).not.toBe(previousToken);
    const [row] = await harness.services.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(token)));
    expect(row?.customerId).toBe(customerId);
    return token;
  }

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', '/%5Cevil.example', 'javascript:alert(1)'])(
    'never follows %s off the site: the self-service start page instead',
    async (redirectTo) => {
      const response = await logIn(redirectTo);
      expect(response.status).toBe(302);
      const location = response.headers.get('location')!;
      expect(location).toBe(pagePath('selfService', 'de'));
      // Also as a browser would resolve it: still on this site.
      expect(new URL(location, harness.services.config.publicUrl).origin).toBe(harness.services.config.publicUrl);
      await expectNewSession(response);
    },
  );

  it('follows a local path, and sets a new session cookie even when one was sent', async () => {
    const previous = await createSession(harness.services.database.db, customerId, 'Firefox');

    const response = await logIn('/de/kundenbereich/guthaben', { sessionToken: previous.token });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/de/kundenbereich/guthaben');
    await expectNewSession(response, previous.token);
  });

  it('sends an embedded login to the embedded start page when the target is off-site', async () => {
    const response = await logIn('//evil.example/x', { page: pagePath('loginEmbedded', 'de') });
    expect(response.headers.get('location')).toBe(pagePath('selfServiceEmbedded', 'de'));
    await expectNewSession(response);
  });

  it('opens a German target asked for on the English login in English, with the travelling values', async () => {
    const response = await logIn('/de/kundenbereich/guthaben?page=2', {
      page: `${pagePath('login', 'en')}?utm_source=news&gclid=abc`,
    });
    expect(response.headers.get('location')).toBe('/en/self-service/balance?page=2&utm_source=news&gclid=abc');
    await expectNewSession(response);
  });

  it('keeps the embedded login’s target in the web view', async () => {
    const response = await logIn('/de/kundenbereich/daten', { page: pagePath('loginEmbedded', 'de') });
    expect(response.headers.get('location')).toBe(pagePath('dataEmbedded', 'de'));
    const credit = await logIn('/de/kundenbereich/guthaben', { page: pagePath('loginEmbedded', 'de') });
    expect(credit.headers.get('location')).toBe('/de/kundenbereich/guthaben?dbcembedded=1');
  });
});

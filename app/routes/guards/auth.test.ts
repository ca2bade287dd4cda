import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { middleware } from './auth';
import { registration } from '../../../tests/support/account-fixtures';
import {
  createRouteHarness,
  harnessSessionCookie,
  publicUrl,
  type RouteHarness,
} from '../../../tests/support/route-harness';
import { createTestDatabase, databaseBackends } from '../../../tests/support/test-databases';
import { contracts } from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { createSession } from '~/features/accounts/sessions.server';
import { pagePath } from '~/i18n/route-table';

type GuardArgs = Parameters<(typeof middleware)[number]>[0];
/** The guard as the router runs it, with the rest of the request as a stand-in answer. */
const guard = (args: GuardArgs) => middleware[0]!(args, () => Promise.resolve(new Response()));

describe.each(databaseBackends)('the auth guard on %s', (backend) => {
  let harness: RouteHarness;
  // The first database of a run migrates a template (seconds on a busy machine); later ones clone it.
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await harness?.dispose();
  });

  const pageRequest = (path: string, sessionToken?: string) =>
    new Request(`${publicUrl}${path}`, {
      headers: sessionToken ? { Cookie: `${harnessSessionCookie}=${sessionToken}` } : {},
    });

  it('sends a visitor without a session to the login page of the page’s locale and kind', async () => {
    harness = await createRouteHarness(backend);
    const path = pagePath('credit', 'en');
    const refused = await harness.call(guard, pageRequest(path)).catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    const location = new URL((refused as Response).headers.get('Location') ?? '', publicUrl);
    expect(location.pathname).toBe(pagePath('login', 'en'));
    expect(location.searchParams.get('redirectTo')).toBe(path);
  });

  it('settles the contract before any page behind it: a cancelled contract past its end date has ended', async () => {
    harness = await createRouteHarness(backend);
    const db = harness.services.database.db;
    const outcome = await registerCustomer(harness.services, registration(), { locale: 'de' });
    if (outcome.kind !== 'created') throw new Error('registration failed');
    await db
      .update(contracts)
      .set({ state: 'cancellation_requested', endDate: '2020-01-31' })
      .where(eq(contracts.customerId, outcome.customerId));
    const { token } = await createSession(db, outcome.customerId, 'Firefox');

    // Any self-service page will do, also one whose loader never reads the contract.
    await harness.call(guard, pageRequest(pagePath('credit', 'de'), token));

    const [contract] = await db.select().from(contracts).where(eq(contracts.customerId, outcome.customerId));
    expect(contract?.state).toBe('ended');
  });
});

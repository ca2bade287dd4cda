import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { staffRoles, type StaffRole } from '~/config/back-office';
import { registerCustomer } from '~/features/accounts/registration.server';
import { createSession } from '~/features/accounts/sessions.server';
import { createStaffAccount } from '~/features/staff/staff-accounts.server';
import { createStaffSession, staffCookieName } from '~/features/staff/staff-sessions.server';
import {
  backOfficePageIds,
  backOfficePages,
  backOfficePath,
  rolesFor,
  type BackOfficePage,
  type BackOfficePageId,
} from '~/i18n/back-office-routes';
import routes from '~/routes';
import { middleware } from './back-office';
import { registration } from '../../../tests/support/account-fixtures';
import {
  createRouteHarness,
  harnessSessionCookie,
  publicUrl,
  type RouteHarness,
} from '../../../tests/support/route-harness';
import { createTestDatabase } from '../../../tests/support/test-databases';

type GuardArgs = Parameters<(typeof middleware)[number]>[0];
type Actor = 'no session' | 'customer session' | StaffRole;
const actors: Actor[] = ['no session', 'customer session', ...staffRoles];

/**
 * Every loader and every action of the back office's route table, against every kind of visitor:
 * enumerated from the table, so that a page added to it is checked without a line here.
 */
const requests = backOfficePageIds.flatMap((id) => {
  const page: BackOfficePage = backOfficePages[id];
  return [
    { id, method: 'GET', intent: null as string | null },
    ...Object.keys(page.actions).map((intent) => ({ id, method: 'POST', intent: intent as string | null })),
    // An action the page does not have is nobody's.
    { id, method: 'POST', intent: 'no-such-action' as string | null },
  ];
});

const cases = requests.flatMap((request) => actors.map((actor) => ({ ...request, actor })));

describe('the back office guard, for every page and action of its route table', () => {
  let harness: RouteHarness;
  const cookies = new Map<Actor, string>();

  beforeAll(async () => {
    await (await createTestDatabase('pglite')).dispose();
    harness = await createRouteHarness('pglite');
    const db = harness.services.db;
    for (const role of staffRoles) {
      const outcome = await createStaffAccount(
        harness.services,
        { email: `${role}@staff.example.com`, displayName: role, role },
        null,
      );
      if (outcome.kind !== 'created') throw new Error('staff not created');
      const { token } = await createStaffSession(db, outcome.enrolment.staffId, 'active', 'Firefox');
      cookies.set(role, `${staffCookieName(true)}=${token}`);
    }
    const customer = await registerCustomer(harness.services, registration(), { locale: 'de' });
    if (customer.kind !== 'created') throw new Error('customer not created');
    const { token } = await createSession(db, customer.customerId, 'Firefox');
    cookies.set('customer session', `${harnessSessionCookie}=${token}`);
  }, 180_000);
  afterAll(async () => {
    await harness?.dispose();
  });

  function requestOf(id: BackOfficePageId, method: string, intent: string | null, actor: Actor): Request {
    const headers = new Headers();
    const cookie = cookies.get(actor);
    if (cookie) headers.set('Cookie', cookie);
    if (method === 'GET') return new Request(`${publicUrl}${backOfficePages[id].path}`, { headers });
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    return new Request(`${publicUrl}${backOfficePages[id].path}`, {
      method,
      headers,
      body: new URLSearchParams(intent ? { intent } : {}),
    });
  }

  it.each(cases)('$method $id ($intent) as $actor', async ({ id, method, intent, actor }) => {
    let reached = false;
    const guard = (args: GuardArgs) =>
      middleware[0]!(args, () => {
        reached = true;
        return Promise.resolve(new Response('page'));
      });
    const outcome = await harness.call(guard, requestOf(id, method, intent, actor)).catch((thrown: unknown) => thrown);
    const allowed =
      (staffRoles as readonly string[]).includes(actor) && rolesFor(id, method, intent).includes(actor as StaffRole);
    expect(reached).toBe(allowed);
    if (allowed) {
      expect((outcome as Response).status).toBe(200);
      expect((outcome as Response).headers.get('Cache-Control')).toBe('private, no-store');
      return;
    }
    const signedIn = actor !== 'no session' && actor !== 'customer session';
    if (method === 'GET' && !signedIn) {
      // A page sends a visitor without a staff session (a customer too) to the back office's login.
      expect(outcome).toBeInstanceOf(Response);
      const location = new URL((outcome as Response).headers.get('Location') ?? '', publicUrl);
      expect(location.pathname).toBe(backOfficePath('login'));
      expect(location.searchParams.get('redirectTo')).toBe(backOfficePages[id].path);
    } else {
      expect(outcome).toMatchObject({ init: { status: 403 } });
    }
  });

  it('gives each role exactly the pages and actions docs/rules/back-office.md#access-by-role names', () => {
    // The rules (docs/rules/back-office.md#access-by-role), written out a second time and compared with the whole
    // route table: a wrong role on any loader or action fails here, and so does a page or action added to the table
    // without its roles being stated here.
    const admin = ['admin'];
    const agent = ['agent'];
    const finance = ['finance'];
    const financeOrAdmin = ['finance', 'admin'];
    const expected: Record<
      BackOfficePageId,
      { loader: readonly string[]; actions: Record<string, readonly string[]> }
    > = {
      start: { loader: staffRoles, actions: {} },
      // Staff accounts, settings and the audit log are the admins'.
      staff: { loader: admin, actions: { deactivate: admin, reenrol: admin, confirm: admin } },
      staffNew: { loader: admin, actions: { create: admin } },
      audit: { loader: admin, actions: {} },
      // The export writes an audit entry: a form's POST, never a GET.
      auditExport: { loader: [], actions: { export: admin } },
      settings: { loader: admin, actions: { save: admin } },
      // The case queues are service work: agents (docs/rules/back-office.md#case-queues). Finance staff and admins
      // open them to record payouts as paid out, and only that.
      cases: { loader: staffRoles, actions: {} },
      case: {
        loader: staffRoles,
        actions: {
          ...Object.fromEntries(
            ['take', 'assign', 'transition', 'note', 'match', 'complete', 'carry-out', 'refuse', 'retry', 'close'].map(
              (intent) => [intent, agent],
            ),
          ),
          'record-payout': financeOrAdmin,
        },
      },
      // Customer data is for those who work with customers: service and finance, not admins.
      customers: { loader: ['agent', 'finance'], actions: {} },
      customerView: { loader: ['agent', 'finance'], actions: {} },
      // Money: finance books and creates; a second finance member or an admin reads and decides; only finance
      // exports codes; agents have no money pages.
      money: { loader: financeOrAdmin, actions: {} },
      moneyNew: { loader: finance, actions: { request: finance } },
      moneyRequest: { loader: financeOrAdmin, actions: { approve: financeOrAdmin, reject: financeOrAdmin } },
      vouchers: { loader: financeOrAdmin, actions: {} },
      vouchersNew: { loader: finance, actions: { create: finance } },
      voucherBatch: { loader: financeOrAdmin, actions: { approve: financeOrAdmin, reject: financeOrAdmin } },
      voucherBatchExport: { loader: [], actions: { export: finance } },
      logout: { loader: staffRoles, actions: { logout: staffRoles } },
    };
    const table = Object.fromEntries(
      backOfficePageIds.map((id) => {
        const page: BackOfficePage = backOfficePages[id];
        return [
          id,
          {
            loader: rolesFor(id, 'GET', null),
            actions: Object.fromEntries(
              Object.keys(page.actions).map((intent) => [intent, rolesFor(id, 'POST', intent)]),
            ),
          },
        ];
      }),
    );
    expect(table).toEqual(expected);
  });

  it('registers every page of the table below the guard, and no other', () => {
    const find = (entries: RouteConfigEntry[]): RouteConfigEntry | undefined =>
      entries.find((entry) => entry.id === 'guard-back-office') ??
      entries.map((entry) => find(entry.children ?? [])).find(Boolean);
    const guard = find(routes);
    expect(guard?.file).toBe('routes/guards/back-office.tsx');
    const registered = (guard?.children ?? []).map((entry) => [`/${entry.path}`, entry.file]);
    expect(registered.sort()).toEqual(
      backOfficePageIds.map((id) => [backOfficePages[id].path, backOfficePages[id].file]).sort(),
    );
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, creditLedger, customers, moneyRequests, voucherBatches, vouchers } from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { auditIpHash } from '~/features/audit/public.server';
import { createStaffAccount } from '~/features/staff/staff-accounts.server';
import { createStaffSession, staffCookieName } from '~/features/staff/staff-sessions.server';
import { backOfficePath, rolesFor, type BackOfficePageId } from '~/i18n/back-office-routes';
import { middleware } from '~/routes/guards/back-office';
import { registration } from '../../../tests/support/account-fixtures';
import { createRouteHarness, publicUrl, type RouteHarness } from '../../../tests/support/route-harness';
import * as moneyList from './money';
import * as moneyNew from './money-new';
import * as moneyRequest from './money-request';
import * as voucherBatch from './voucher-batch';
import * as voucherBatchExport from './voucher-batch-export';
import * as vouchersList from './vouchers';
import * as vouchersNew from './vouchers-new';

type Staff = 'finance' | 'secondFinance' | 'admin' | 'agent';
type GuardArgs = Parameters<(typeof middleware)[number]>[0];
type Route = (args: never) => unknown;

/**
 * The money pages of the back office (docs/rules/back-office.md#money), called as the server calls
 * them: through the back office's guard with a real staff session, on PGlite.
 */
describe('the back office money pages', () => {
  let harness: RouteHarness;
  const cookies = new Map<Staff, string>();
  const ids = new Map<Staff, string>();
  let customerId = '';
  let customerNumber = '';

  beforeAll(async () => {
    harness = await createRouteHarness('pglite');
    const db = harness.services.db;
    const roles = { finance: 'finance', secondFinance: 'finance', admin: 'admin', agent: 'agent' } as const;
    for (const [name, role] of Object.entries(roles) as [Staff, (typeof roles)[Staff]][]) {
      const outcome = await createStaffAccount(
        harness.services,
        { email: `${name.toLowerCase()}@staff.example.com`, displayName: name, role },
        null,
      );
      if (outcome.kind !== 'created') throw new Error('staff not created');
      const { token } = await createStaffSession(db, outcome.enrolment.staffId, 'active', 'Firefox');
      cookies.set(name, `${staffCookieName(true)}=${token}`);
      ids.set(name, outcome.enrolment.staffId);
    }
    const customer = await registerCustomer(harness.services, registration(), { locale: 'de' });
    if (customer.kind !== 'created') throw new Error('customer not created');
    customerId = customer.customerId;
    const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
    customerNumber = row!.customerNumber;
  }, 180_000);
  afterAll(async () => {
    await harness?.dispose();
  });
  beforeEach(async () => {
    // Each test starts without requests: the rolling total of one would count in the next.
    await harness.services.db.delete(moneyRequests);
  });

  /** Runs the guard and then the route, as the server does; answers what the route returned or threw. */
  async function call(staff: Staff, route: Route, request: Request): Promise<unknown> {
    request.headers.set('Cookie', cookies.get(staff)!);
    let result: unknown;
    const guarded = (args: GuardArgs) =>
      middleware[0]!(args, async () => {
        result = await (route as (args: GuardArgs) => unknown)(args);
        return new Response('page');
      });
    try {
      await harness.call(guarded, request);
      return result;
    } catch (thrown) {
      return thrown;
    }
  }
  const get = (staff: Staff, route: Route, page: BackOfficePageId, query = '') =>
    call(staff, route, new Request(`${publicUrl}${backOfficePath(page)}${query}`));
  const post = (staff: Staff, route: Route, page: BackOfficePageId, fields: Record<string, string>, query = '') =>
    call(
      staff,
      route,
      new Request(`${publicUrl}${backOfficePath(page)}${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      }),
    );
  const statusOf = (outcome: unknown) =>
    outcome instanceof Response ? outcome.status : (outcome as { init?: { status?: number } }).init?.status;
  const locationOf = (outcome: unknown) => new URL((outcome as Response).headers.get('Location') ?? '', publicUrl);
  const dataOf = <T>(outcome: unknown) => (outcome as { data: T }).data;

  async function newForm(staff: Staff = 'finance') {
    return dataOf<{ formToken: string; csrf: string }>(await get(staff, moneyNew.loader, 'moneyNew'));
  }
  async function book(staff: Staff, fields: Partial<Record<string, string>>, formToken?: string) {
    const token = formToken ?? (await newForm(staff)).formToken;
    return post(staff, moneyNew.action, 'moneyNew', {
      intent: 'request',
      formToken: token,
      customerNumber,
      kind: 'goodwill',
      amount: '10,00',
      reason: 'Bike broke down',
      ...fields,
    } as Record<string, string>);
  }
  const ledger = () => harness.services.db.select().from(creditLedger).where(eq(creditLedger.customerId, customerId));

  it('gives finance the money pages, admins reading and deciding, agents nothing', () => {
    // The route table as docs/rules/back-office.md#money has it; the guard test checks each request against it.
    expect(rolesFor('money', 'GET', null)).toEqual(['finance', 'admin']);
    expect(rolesFor('moneyNew', 'GET', null)).toEqual(['finance']);
    expect(rolesFor('moneyNew', 'POST', 'request')).toEqual(['finance']);
    expect(rolesFor('moneyRequest', 'POST', 'approve')).toEqual(['finance', 'admin']);
    expect(rolesFor('moneyRequest', 'POST', 'reject')).toEqual(['finance', 'admin']);
    expect(rolesFor('vouchers', 'GET', null)).toEqual(['finance', 'admin']);
    expect(rolesFor('vouchersNew', 'POST', 'create')).toEqual(['finance']);
    expect(rolesFor('voucherBatch', 'POST', 'approve')).toEqual(['finance', 'admin']);
    expect(rolesFor('voucherBatch', 'POST', 'export')).toEqual([]);
    expect(rolesFor('voucherBatchExport', 'GET', null)).toEqual([]);
    expect(rolesFor('voucherBatchExport', 'POST', 'export')).toEqual(['finance']);
  });

  it('refuses amounts out of bounds or in the wrong notation next to the field, keeping what was typed', async () => {
    for (const amount of ['0', '0,00', '1000,01', '12.50', '-5', '1.000', '12,505', '']) {
      const outcome = await book('finance', { amount });
      expect(statusOf(outcome), amount).toBe(400);
      const answer = dataOf<{ values: Record<string, string>; errors: Record<string, string> }>(outcome);
      expect(answer.errors.amount).toMatch(/^backoffice\.money\.amount\.invalid/);
      expect(answer.values).toMatchObject({ amount, reason: 'Bike broke down', customerNumber });
    }
    const unknown = await book('finance', { customerNumber: '999999999' });
    expect(dataOf<{ errors: object }>(unknown).errors).toEqual({
      customerNumber: 'backoffice.money.customer-number.unknown',
    });
    const noReason = await book('finance', { reason: ' x ' });
    expect(dataOf<{ errors: object }>(noReason).errors).toEqual({ reason: 'backoffice.money.reason.invalid' });
    // Without its one-time token the form did not come from the page: refused, not a server error.
    expect(statusOf(await book('finance', {}, 'bad'))).toBe(400);
    expect(await ledger()).toEqual([]);
    // The largest amount passes the form (and waits for approval).
    expect(locationOf(await book('finance', { amount: '1000' })).searchParams.get('done')).toBe('pending');
  });

  it('books up to the threshold at once, and a double submit of one form books once', async () => {
    const before = (await ledger()).length;
    const { formToken } = await newForm();
    const first = await book('finance', { amount: '12,50' }, formToken);
    const second = await book('finance', { amount: '12,50' }, formToken);
    expect(statusOf(first)).toBe(302);
    expect(locationOf(first).pathname).toBe(backOfficePath('moneyRequest'));
    expect(locationOf(first).searchParams.get('done')).toBe('booked');
    expect(locationOf(second).searchParams.get('id')).toBe(locationOf(first).searchParams.get('id'));
    expect((await ledger()).length).toBe(before + 1);
  });

  it('counts the rolling total: a second piece just below the threshold waits for approval', async () => {
    expect(locationOf(await book('finance', { amount: '30,00' })).searchParams.get('done')).toBe('booked');
    expect(locationOf(await book('finance', { amount: '30,00' })).searchParams.get('done')).toBe('pending');
  });

  it('keeps a request above the threshold pending until a different finance or admin member approves it', async () => {
    const before = (await ledger()).length;
    const requested = await book('finance', { amount: '60,00', kind: 'refund' });
    const id = locationOf(requested).searchParams.get('id')!;
    expect(locationOf(requested).searchParams.get('done')).toBe('pending');
    expect((await ledger()).length).toBe(before);

    // The requester sees it pending, without the decision's forms.
    const own = dataOf<{ request: { state: string }; canDecide: boolean; ownPending: boolean }>(
      await get('finance', moneyRequest.loader, 'moneyRequest', `?id=${id}`),
    );
    expect(own).toMatchObject({ request: { state: 'pending' }, canDecide: false, ownPending: true });
    // The same person cannot approve; an agent's request is refused by the guard.
    const self = await post('finance', moneyRequest.action, 'moneyRequest', { intent: 'approve', id });
    expect(locationOf(self).searchParams.get('done')).toBe('own-request');
    expect(statusOf(await post('agent', moneyRequest.action, 'moneyRequest', { intent: 'approve', id }))).toBe(403);
    expect((await ledger()).length).toBe(before);

    // A rejection needs a reason: the page says so next to the field.
    const noReason = await post('admin', moneyRequest.action, 'moneyRequest', { intent: 'reject', id, reason: '' });
    expect(statusOf(noReason)).toBe(400);
    expect(dataOf<{ errors: object }>(noReason).errors).toEqual({ reason: 'backoffice.money.rejection.invalid' });

    const other = dataOf<{ canDecide: boolean }>(
      await get('secondFinance', moneyRequest.loader, 'moneyRequest', `?id=${id}`),
    );
    expect(other.canDecide).toBe(true);
    const approved = await post('secondFinance', moneyRequest.action, 'moneyRequest', { intent: 'approve', id });
    expect(locationOf(approved).searchParams.get('done')).toBe('approved');
    const again = await post('admin', moneyRequest.action, 'moneyRequest', { intent: 'approve', id });
    expect(locationOf(again).searchParams.get('done')).toBe('decided');
    expect((await ledger()).filter((entry) => entry.amountCents === 6000)).toHaveLength(1);

    // The list filters by state and kind on the server.
    const list = (await get('admin', moneyList.loader, 'money', '?state=booked&kind=refund')) as {
      requests: { id: string }[];
    };
    expect(list.requests.map((row) => row.id)).toEqual([id]);
    // Unknown filters mean all; an unknown or malformed id is a 404, never a 500.
    expect(statusOf(await get('admin', moneyList.loader, 'money', '?state=nonsense&page=-3'))).toBeUndefined();
    expect(statusOf(await get('admin', moneyRequest.loader, 'moneyRequest', '?id=nonsense'))).toBe(404);
    expect(
      statusOf(await get('admin', moneyRequest.loader, 'moneyRequest', '?id=00000000-0000-4000-8000-000000000000')),
    ).toBe(404);
    // Admins read and decide, but do not book.
    expect(statusOf(await get('admin', moneyNew.loader, 'moneyNew'))).toBe(403);
  });

  it('creates a voucher batch within the bounds; above the four-eyes amount it waits, and exports only once approved, by POST', async () => {
    const { formToken } = dataOf<{ formToken: string }>(await get('finance', vouchersNew.loader, 'vouchersNew'));
    const form = { intent: 'create', formToken, count: '10', value: '10,00', expiresOn: '2099-01-01' };
    for (const bad of [
      { count: '0' },
      { count: '10001' },
      { value: '100,01' },
      { value: '5.00' },
      { expiresOn: '2000-01-01' },
    ]) {
      const outcome = await post('finance', vouchersNew.action, 'vouchersNew', { ...form, ...bad });
      expect(statusOf(outcome), JSON.stringify(bad)).toBe(400);
    }
    const created = await post('finance', vouchersNew.action, 'vouchersNew', { ...form, expiresOn: nextYear() });
    const again = await post('finance', vouchersNew.action, 'vouchersNew', { ...form, expiresOn: nextYear() });
    const id = locationOf(created).searchParams.get('id')!;
    expect(locationOf(created).searchParams.get('done')).toBe('pending');
    expect(locationOf(again).searchParams.get('id')).toBe(id);
    const db = harness.services.db;
    expect(await db.select().from(vouchers).where(eq(vouchers.batchId, id))).toHaveLength(10);

    const exportForm = { intent: 'export', id };
    expect(statusOf(await post('finance', voucherBatchExport.action, 'voucherBatchExport', exportForm))).toBe(409);
    const own = await post('finance', voucherBatch.action, 'voucherBatch', { intent: 'approve', id });
    expect(locationOf(own).searchParams.get('done')).toBe('own-batch');
    const approved = await post('admin', voucherBatch.action, 'voucherBatch', { intent: 'approve', id });
    expect(locationOf(approved).searchParams.get('done')).toBe('approved');

    // Only by POST: a GET of the export is refused by the guard, and admins do not export.
    expect(statusOf(await get('finance', voucherBatchExport.action, 'voucherBatchExport', `?id=${id}`))).toBe(403);
    expect(statusOf(await post('admin', voucherBatchExport.action, 'voucherBatchExport', exportForm))).toBe(403);
    const csv = (await post('finance', voucherBatchExport.action, 'voucherBatchExport', exportForm)) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Disposition')).toMatch(/^attachment; filename="vouchers-[0-9a-f]{8}\.csv"$/);
    expect(csv.headers.get('Cache-Control')).toBe('private, no-store');
    const text = await csv.text();
    expect(text.trim().split('\r\n')).toHaveLength(11);

    const detail = dataOf<{ batch: { state: string; redeemed: number }; canExport: boolean }>(
      await get('finance', voucherBatch.loader, 'voucherBatch', `?id=${id}`),
    );
    expect(detail).toMatchObject({ batch: { state: 'approved', redeemed: 0 }, canExport: true });
    const list = (await get('admin', vouchersList.loader, 'vouchers', '?state=approved')) as {
      batches: { id: string }[];
    };
    expect(list.batches.map((batch) => batch.id)).toContain(id);

    const [stored] = await db.select().from(voucherBatches).where(eq(voucherBatches.id, id));
    expect(stored!.decidedByStaffId).toBe(ids.get('admin'));
  });

  it("writes every money action's audit entry with the actor, the request id and the keyed address", async () => {
    await book('finance', { amount: '5,00' });
    const entries = await harness.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'money_request')));
    const voucherEntries = await harness.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectType, 'voucher_batch'));
    const ipHash = auditIpHash('203.0.113.5', 's'.repeat(32));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of [...entries, ...voucherEntries]) {
      expect(entry).toMatchObject({ requestId: 'test', ipHash });
      expect([...ids.values()]).toContain(entry.actorStaffId);
    }
    const actions = new Set([...entries, ...voucherEntries].map((entry) => entry.action));
    for (const action of [
      'money.request',
      'money.book',
      'money.approve',
      'money.view',
      'voucher-batch.create',
      'voucher-batch.view',
      'voucher-batch.approve',
      'voucher-batch.export',
    ]) {
      expect(actions, action).toContain(action);
    }
  });
});

function nextYear(): string {
  const date = new Date();
  return `${date.getUTCFullYear() + 1}-06-30`;
}

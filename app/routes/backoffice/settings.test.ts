import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema';
import { readBackOfficeSettings } from '~/features/back-office-settings/public.server';
import { createStaffAccount } from '~/features/staff/staff-accounts.server';
import { createStaffSession, staffCookieName } from '~/features/staff/staff-sessions.server';
import { backOfficePath, rolesFor } from '~/i18n/back-office-routes';
import { middleware } from '~/routes/guards/back-office';
import { createRouteHarness, publicUrl, type RouteHarness } from '../../../tests/support/route-harness';
import * as moneyNew from './money-new';
import * as settings from './settings';
import * as vouchersNew from './vouchers-new';

type GuardArgs = Parameters<(typeof middleware)[number]>[0];
type Route = (args: never) => unknown;
type Answer = {
  values: Record<string, string>;
  errors: Record<string, string>;
  stale: boolean;
};

/**
 * The settings page (docs/rules/back-office.md#settings), called as the server calls it: through the
 * back office's guard with a real admin session, on PGlite.
 */
describe('the back office settings page', () => {
  let harness: RouteHarness;
  let adminCookie = '';
  let financeCookie = '';
  let adminId = '';

  beforeAll(async () => {
    harness = await createRouteHarness('pglite');
    for (const role of ['admin', 'finance'] as const) {
      const outcome = await createStaffAccount(
        harness.services,
        { email: `${role}@staff.example.com`, displayName: `The ${role}`, role },
        null,
      );
      if (outcome.kind !== 'created') throw new Error('staff not created');
      const { token } = await createStaffSession(harness.services.db, outcome.enrolment.staffId, 'active', 'Firefox');
      const cookie = `${staffCookieName(true)}=${token}`;
      if (role === 'admin') {
        adminCookie = cookie;
        adminId = outcome.enrolment.staffId;
      } else financeCookie = cookie;
    }
  }, 180_000);
  afterAll(async () => {
    await harness?.dispose();
  });

  async function call(route: Route, request: Request, cookie = adminCookie): Promise<unknown> {
    request.headers.set('Cookie', cookie);
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
  const get = (route: Route, path: string, cookie?: string) => call(route, new Request(`${publicUrl}${path}`), cookie);
  const save = (fields: Record<string, string>, locale: 'de' | 'en' = 'de') =>
    call(
      settings.action,
      new Request(`${publicUrl}${backOfficePath('settings')}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'save', ...fields }),
      }),
      `${adminCookie}; locale=${locale}`,
    );
  const statusOf = (outcome: unknown) =>
    outcome instanceof Response ? outcome.status : (outcome as { init?: { status?: number } }).init?.status;
  const dataOf = <T>(outcome: unknown) => (outcome as { data: T }).data;
  const pageData = async () =>
    dataOf<{ settings: { version: number; values: Record<string, string>; inForce: Record<string, string> } }>(
      await get(settings.loader, backOfficePath('settings')),
    ).settings;
  const defaults = { moneyRequestAbove: '50,00', voucherBatchAbove: '50,00', selfApprovedPerStaff: '200,00' };

  it('is for admins only, page and action', () => {
    expect(rolesFor('settings', 'GET', null)).toEqual(['admin']);
    expect(rolesFor('settings', 'POST', 'save')).toEqual(['admin']);
  });

  it('refuses a wrong amount next to its field, keeping what was typed, and changes nothing', async () => {
    const shown = await pageData();
    expect(shown).toMatchObject({ version: 0, values: defaults });
    for (const wrong of ['0', '0,00', '10000,01', '12.50', '1.000', '-5', '12,505', '']) {
      const outcome = await save({ version: '0', ...defaults, voucherBatchAbove: wrong });
      expect(statusOf(outcome), wrong).toBe(400);
      const answer = dataOf<Answer>(outcome);
      expect(Object.keys(answer.errors)).toEqual(['voucherBatchAbove']);
      expect(answer.errors.voucherBatchAbove).toMatch(/^backoffice\.settings\.amount\.invalid\?max=/);
      expect(answer.values).toEqual({ ...defaults, voucherBatchAbove: wrong });
    }
    expect((await readBackOfficeSettings(harness.services.db)).version).toBe(0);
    // A form without its version did not come from the page.
    expect(statusOf(await save({ ...defaults }))).toBe(400);
  });

  it('saves amounts in the language’s notation, audits them and the money forms show them', async () => {
    const saved = await save(
      { version: '0', moneyRequestAbove: '25.50', voucherBatchAbove: '100', selfApprovedPerStaff: '1000.00' },
      'en',
    );
    expect(statusOf(saved)).toBe(302);
    expect((saved as Response).headers.get('Location')).toBe(`${backOfficePath('settings')}?done=saved`);
    expect((await readBackOfficeSettings(harness.services.db)).amounts).toEqual({
      moneyRequestAboveCents: 2550,
      voucherBatchAboveCents: 10_000,
      selfApprovedPerStaffCents: 100_000,
    });
    expect(await pageData()).toMatchObject({
      version: 1,
      values: { moneyRequestAbove: '25,50', voucherBatchAbove: '100,00', selfApprovedPerStaff: '1000,00' },
    });
    const [entry] = await harness.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.change'))
      .orderBy(asc(auditLog.id));
    expect(entry).toMatchObject({
      actorStaffId: adminId,
      requestId: 'test',
      before: { moneyRequestAboveCents: 5000, voucherBatchAboveCents: 5000, selfApprovedPerStaffCents: 20_000 },
      after: { moneyRequestAboveCents: 2550, voucherBatchAboveCents: 10_000, selfApprovedPerStaffCents: 100_000 },
    });
    expect(entry!.ipHash).toBeTruthy();

    const money = dataOf<{ threshold: string }>(await get(moneyNew.loader, backOfficePath('moneyNew'), financeCookie));
    expect(money.threshold).toBe('25,50\u00a0€');
    const vouchers = dataOf<{ threshold: string }>(
      await get(vouchersNew.loader, backOfficePath('vouchersNew'), financeCookie),
    );
    expect(vouchers.threshold).toBe('100,00\u00a0€');
  });

  it('refuses a change from a page that showed an older version, keeping what was typed', async () => {
    const before = await pageData();
    const typed = { moneyRequestAbove: '1,00', voucherBatchAbove: '1,00', selfApprovedPerStaff: '1,00' };
    const outcome = await save({ version: String(before.version - 1), ...typed });
    expect(statusOf(outcome)).toBe(409);
    expect(dataOf<Answer>(outcome)).toEqual({ values: typed, errors: {}, stale: true });
    expect(await pageData()).toEqual(before);

    // The same amounts again from the current page change nothing and say so.
    const again = await save({ version: String(before.version), ...before.values });
    expect((again as Response).headers.get('Location')).toBe(`${backOfficePath('settings')}?done=unchanged`);
    expect((await pageData()).version).toBe(before.version);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditLedger, customers, paymentMethods } from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { createSession } from '~/features/accounts/sessions.server';
import { searchTextHash } from '~/features/customer-lookup/public.server';
import { createStaffAccount } from '~/features/staff/staff-accounts.server';
import { staffContext } from '~/features/staff/staff-access.server';
import type { StaffMember } from '~/features/staff/staff-sessions.server';
import { registration } from '../../../tests/support/account-fixtures';
import { createRouteHarness, publicUrl, type RouteHarness } from '../../../tests/support/route-harness';
import { createTestDatabase } from '../../../tests/support/test-databases';
import { loader as auditLoader } from './audit';
import { action as exportAction } from './audit-export';
import { loader as viewLoader } from './customer-view';
import { loader as searchLoader } from './customers';

type Loader = typeof searchLoader | typeof viewLoader | typeof exportAction | typeof auditLoader;

/** A loader's answer as the page gets it: the data and the status (200 unless `data()` set one). */
function answer(result: unknown): { body: Record<string, unknown>; status: number } {
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { body: data, status: init?.status ?? 200 };
  }
  return { body: result as Record<string, unknown>, status: 200 };
}

describe('the back office customer lookup', () => {
  let harness: RouteHarness;
  let agent: StaffMember;
  let admin: StaffMember;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await (await createTestDatabase('pglite')).dispose();
    harness = await createRouteHarness('pglite');
    const { db } = harness.services;
    for (const role of ['agent', 'admin'] as const) {
      const outcome = await createStaffAccount(
        harness.services,
        { email: `${role}@staff.example.com`, displayName: `The ${role}`, role },
        null,
      );
      if (outcome.kind !== 'created') throw new Error('staff not created');
      const member = {
        sessionIdHash: 'x',
        staffId: outcome.enrolment.staffId,
        email: `${role}@staff.example.com`,
        displayName: role,
        role,
      };
      if (role === 'agent') agent = member;
      else admin = member;
    }
    const people = [
      ['erika', { firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.org', phone: '+4915123456789' }],
      [
        'max',
        { firstName: 'Max', lastName: 'Müller-Lüdenscheidt', email: 'max.m@example.com', phone: '+4917011112222' },
      ],
      ['gone', { firstName: 'Gisela', lastName: 'Gelöscht', email: 'gisela@example.org', phone: '+4917099998888' }],
    ] as const;
    for (const [key, overrides] of people) {
      const outcome = await registerCustomer(harness.services, registration(overrides), { locale: 'de' });
      if (outcome.kind !== 'created') throw new Error(`${key} not created`);
      ids[key] = outcome.customerId;
    }
    // Enough namesakes for a second page.
    for (let index = 0; index < 21; index++) {
      const outcome = await registerCustomer(
        harness.services,
        registration({
          firstName: 'Paula',
          lastName: `Paging${String(index).padStart(2, '0')}`,
          email: `paula${index}@example.net`,
        }),
        { locale: 'de' },
      );
      if (outcome.kind !== 'created') throw new Error('namesake not created');
    }
    await db.insert(paymentMethods).values([
      {
        customerId: ids.erika!,
        kind: 'sepa',
        active: true,
        accountHolder: 'Erika Mustermann',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        mandateReference: 'M-ERIKA-1',
      },
      {
        customerId: ids.erika!,
        kind: 'card',
        active: false,
        providerToken: 'tok_never_shown',
        label: 'Visa •••• 4242',
        replacedAt: new Date(),
      },
      { customerId: ids.gone!, kind: 'sepa', active: true, accountHolder: 'G', iban: 'DE02120300000000202051' },
    ]);
    await db.insert(creditLedger).values(
      Array.from({ length: 25 }, (_, index) => ({
        customerId: ids.erika!,
        kind: 'top_up' as const,
        amountCents: 100 + index,
        reference: `T-${index}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
      })),
    );
    await createSession(db, ids.erika!, 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0');
    // An account erased by a carried-out deletion: its number and its kept books stay.
    await db
      .update(customers)
      .set({
        email: `deleted-${ids.gone}@deleted.invalid`,
        firstName: '',
        lastName: '',
        phoneE164: '',
        addressText: '',
        deletedAt: new Date(),
      })
      .where(eq(customers.id, ids.gone!));
  }, 240_000);
  afterAll(async () => {
    await harness?.dispose();
  });

  async function call(route: Loader, url: string, staff: StaffMember = agent, init?: RequestInit) {
    return harness.call(
      (args: Parameters<Loader>[0]) => {
        args.context.set(staffContext, staff);
        return route(args as never);
      },
      new Request(`${publicUrl}${url}`, init),
    );
  }
  const search = async (query: Record<string, string>) =>
    answer(await call(searchLoader, `/backoffice/customers?${new URLSearchParams(query).toString()}`));
  const firstNames = (body: Record<string, unknown>) =>
    (body.hits as { customerNumber: string; firstName: string }[]).map((hit) => hit.firstName);
  const auditEntries = (action: string) =>
    harness.services.db.select().from(auditLog).where(eq(auditLog.action, action));

  it('finds a customer by each field', async () => {
    const [erika] = await harness.services.db.select().from(customers).where(eq(customers.id, ids.erika!));
    expect(firstNames((await search({ field: 'number', q: erika!.customerNumber })).body)).toEqual(['Erika']);
    expect(firstNames((await search({ field: 'email', q: 'ERIKA@example' })).body)).toEqual(['Erika']);
    expect(firstNames((await search({ field: 'name', q: 'müller' })).body)).toEqual(['Max']);
    expect(firstNames((await search({ field: 'name', q: 'Max Müller-Lüd' })).body)).toEqual(['Max']);
    expect(firstNames((await search({ field: 'phone', q: '0170 1111 2222' })).body)).toEqual(['Max']);
    expect(firstNames((await search({ field: 'iban', q: '3000' })).body)).toEqual(['Erika']);
    // LIKE's wildcards are plain characters in a search.
    expect((await search({ field: 'email', q: '%@%' })).body.hits).toEqual([]);
  });

  it('shows an erased account only as deleted', async () => {
    const [gone] = await harness.services.db.select().from(customers).where(eq(customers.id, ids.gone!));
    const { body } = await search({ field: 'number', q: gone!.customerNumber });
    expect(body.hits).toEqual([
      { id: ids.gone, customerNumber: gone!.customerNumber, firstName: '', lastName: '', email: '', deleted: true },
    ]);
    expect((await search({ field: 'iban', q: '2051' })).body.hits).toMatchObject([{ deleted: true, email: '' }]);
    expect((await search({ field: 'name', q: 'Gisela' })).body.hits).toEqual([]);
    const view = answer(await call(viewLoader, `/backoffice/customers/view?customer=${ids.gone}`));
    expect(view.body).toMatchObject({ number: gone!.customerNumber, details: null });
    expect(JSON.stringify(view.body)).not.toMatch(/deleted-|Gisela/);
  });

  it('pages results on the server', async () => {
    const first = (await search({ field: 'name', q: 'Paula' })).body;
    expect(first.hits).toHaveLength(20);
    expect(first.hasNext).toBe(true);
    const second = (await search({ field: 'name', q: 'Paula', page: '2' })).body;
    expect(second.hits).toHaveLength(1);
    expect(second.hasNext).toBe(false);
    expect(second.hits).toMatchObject([{ lastName: 'Paging20' }]);
    // A page beyond the bound is the first page, not an error.
    expect((await search({ field: 'name', q: 'Paula', page: '99999999' })).body.page).toBe(1);
  });

  it('records each search with the field and a keyed hash of the text, never the text', async () => {
    const before = (await auditEntries('customer.search')).length;
    await search({ field: 'email', q: 'Max.M@Example.com' });
    const entries = await auditEntries('customer.search');
    expect(entries).toHaveLength(before + 1);
    const entry = entries.find(
      (row) =>
        (row.after as { queryHash: string }).queryHash === searchTextHash('email', 'max.m@example.com', 's'.repeat(32)),
    );
    expect(entry).toMatchObject({
      actorStaffId: agent.staffId,
      subjectType: 'customer-search',
      subjectId: 'email',
      after: { field: 'email', page: 1, found: 1 },
      requestId: 'test',
    });
    expect(entry!.ipHash).toMatch(/^[\w-]{22}$/);
    // Which customers the page listed, by id.
    expect((entry!.after as { shown: string[] }).shown).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(JSON.stringify(entries)).not.toMatch(/max\.m|example\.com/i);
    // The empty form searches nothing and records nothing.
    const empty = await search({});
    expect(empty).toMatchObject({ status: 200, body: { hits: [], problem: null } });
    expect(await auditEntries('customer.search')).toHaveLength(before + 1);
  });

  it('answers bad input with a message and 400, records nothing, never fails', async () => {
    const before = (await auditEntries('customer.search')).length;
    const cases: [Record<string, string>, string][] = [
      [{ field: 'name', q: 'a'.repeat(101) }, 'lookup.query.too-long'],
      [{ field: 'email', q: 'erika\u0000@example.org' }, 'lookup.query.characters'],
      [{ field: 'name', q: 'Erika\u202e' }, 'lookup.query.characters'],
      [{ field: 'name', q: 'E' }, 'lookup.query.too-short'],
      [{ field: 'name', q: "Robert'); DROP TABLE customers;--" }, 'lookup.query.name'],
      [{ field: 'number', q: '10000x' }, 'lookup.query.number'],
      [{ field: 'phone', q: 'call me' }, 'lookup.query.phone'],
      [{ field: 'iban', q: 'DE89' }, 'lookup.query.iban'],
      [{ field: 'email', q: 'two words' }, 'lookup.query.email'],
    ];
    for (const [query, problem] of cases) {
      const { status, body } = await search(query);
      expect({ query, status, problem: body.problem }).toEqual({ query, status: 400, problem });
      expect((body.values as { q: string }).q.length).toBeLessThanOrEqual(101);
    }
    // An unknown field is the name search.
    expect((await search({ field: 'password', q: 'Erika' })).body).toMatchObject({ values: { field: 'name' } });
    expect(await auditEntries('customer.search')).toHaveLength(before + 1);
    for (const customer of ['', 'not-a-uuid', `${ids.erika}'--`, 'x'.repeat(5000)]) {
      const thrown = await call(
        viewLoader,
        `/backoffice/customers/view?customer=${encodeURIComponent(customer)}`,
      ).catch((error: unknown) => error);
      expect(thrown).toMatchObject({ init: { status: 400 } });
    }
    const unknown = await call(
      viewLoader,
      '/backoffice/customers/view?customer=5f0c8a9e-0000-4000-8000-000000000009',
    ).catch((error: unknown) => error);
    expect(unknown).toMatchObject({ init: { status: 404 } });
  });

  it('shows the customer masked and records the view with its origin', async () => {
    const viewsOfErika = async () =>
      harness.services.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'customer.view'), eq(auditLog.subjectId, ids.erika!)));
    const before = (await viewsOfErika()).length;
    const { body } = answer(await call(viewLoader, `/backoffice/customers/view?customer=${ids.erika}`));
    const details = body.details as Record<string, unknown>;
    expect(details.personal).toMatchObject({
      name: 'Erika Mustermann',
      email: 'erika@example.org',
      phone: '+4915123456789',
    });
    expect(details.contract).toMatchObject({ state: 'active' });
    expect(details.paymentMethods).toMatchObject([
      { kind: 'sepa', display: '•••• 3000', holder: 'Erika Mustermann', mandate: 'M-ERIKA-1', replaced: null },
      { kind: 'card', display: 'Visa •••• 4242' },
    ]);
    expect(details.sessions).toMatchObject([{ device: expect.stringContaining('Firefox') as string }]);
    expect((details.mails as { subject: string }[]).length).toBeGreaterThan(0);
    const text = JSON.stringify(body);
    for (const secret of [
      'DE89370400440532013000',
      '0532013000',
      'COBADEFF',
      'tok_never_shown',
      'token=',
      'passwordHash',
    ]) {
      expect(text).not.toContain(secret);
    }
    // The ledger, newest first, 20 a page.
    const ledger = details.ledger as { page: number; pages: number; entries: { reference: string }[] };
    expect(ledger).toMatchObject({ page: 1, pages: 2 });
    expect(ledger.entries).toHaveLength(20);
    expect(ledger.entries[0]!.reference).toBe('T-24');
    const older = answer(await call(viewLoader, `/backoffice/customers/view?customer=${ids.erika}&ledger=2`)).body;
    expect((older.details as { ledger: typeof ledger }).ledger.entries.map((entry) => entry.reference)).toEqual([
      'T-4',
      'T-3',
      'T-2',
      'T-1',
      'T-0',
    ]);
    const views = await viewsOfErika();
    expect(views).toHaveLength(before + 2);
    expect(views[0]).toMatchObject({ actorStaffId: agent.staffId, subjectType: 'customer', requestId: 'test' });
    expect(views[0]!.ipHash).toMatch(/^[\w-]{22}$/);
  });

  it('exports the audit log only by a POST with the export intent, recording the export', async () => {
    const before = (await auditEntries('audit.export')).length;
    const response = (await call(exportAction, '/backoffice/audit/export', admin, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: 'checked-by-the-root', intent: 'export', action: 'customer.view' }),
    })) as Response;
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    const csv = await response.text();
    expect(csv).toContain('customer.view');
    expect(csv).not.toContain('customer.search');
    const exports = await auditEntries('audit.export');
    expect(exports).toHaveLength(before + 1);
    expect(exports.at(-1)).toMatchObject({
      actorStaffId: admin.staffId,
      after: { search: { action: 'customer.view' } },
    });
  });

  it("records an admin's every view and search of the audit log, with what it showed", async () => {
    const views = async () => (await auditEntries('audit.view')).sort((a, b) => a.id - b.id);
    const before = (await views()).length;
    const page = answer(await call(auditLoader, '/backoffice/audit', admin)).body as {
      entries: { id: number; action: string }[];
    };
    expect(page.entries.length).toBeGreaterThan(0);
    const searched = answer(
      await call(auditLoader, `/backoffice/audit?action=customer.view&subjectId=${ids.erika}`, admin),
    ).body as { entries: { id: number; action: string }[] };
    expect(searched.entries.length).toBeGreaterThan(0);
    expect(searched.entries.every((entry) => entry.action === 'customer.view')).toBe(true);
    // An invalid search shows nothing and records nothing.
    expect(answer(await call(auditLoader, '/backoffice/audit?from=yesterday', admin)).body).toMatchObject({
      invalid: true,
      entries: [],
    });
    const recorded = (await views()).slice(before);
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({
      actorStaffId: admin.staffId,
      subjectType: 'audit-log',
      subjectId: 'search',
      requestId: 'test',
      after: { page: 1, shown: page.entries.map((entry) => entry.id) },
    });
    expect(recorded[1]).toMatchObject({
      after: {
        search: { action: 'customer.view', subjectId: ids.erika },
        shown: searched.entries.map((entry) => entry.id),
      },
    });
    expect(recorded.every((entry) => entry.ipHash)).toBe(true);
  });
});

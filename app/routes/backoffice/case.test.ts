import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bikeReports,
  cancellations,
  cases,
  contracts,
  creditLedger,
  customers,
  damageReports,
  outbox,
  payouts,
  smsOutbox,
} from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { auditIpHash } from '~/features/audit/public.server';
import { listCases } from '~/features/casework/public.server';
import { createStaffAccount } from '~/features/staff/staff-accounts.server';
import { staffContext } from '~/features/staff/public.server';
import type { StaffMember } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { action as caseAction, loader as caseLoader } from './case';
import { loader as queueLoader } from './cases';
import { registration } from '../../../tests/support/account-fixtures';
import { createRouteHarness, formPost, publicUrl, type RouteHarness } from '../../../tests/support/route-harness';
import { createTestDatabase } from '../../../tests/support/test-databases';

type Args = { context: { set: (key: typeof staffContext, value: StaffMember) => void } };

/**
 * The case pages' loaders and actions as the server calls them (the guard, tested on its own in
 * app/routes/guards/back-office.test.ts, has let an agent through): every refusal is a message with a
 * 4xx status, never an error screen, and every audit entry carries the request's origin.
 */
describe('the case pages', () => {
  let harness: RouteHarness;
  let agent: StaffMember;
  const clientIp = '198.51.100.7';

  beforeAll(async () => {
    await (await createTestDatabase('pglite')).dispose();
    harness = await createRouteHarness('pglite');
    const created = await createStaffAccount(
      harness.services,
      { email: 'anna@staff.example.com', displayName: 'Anna Agent', role: 'agent' },
      null,
    );
    if (created.kind !== 'created') throw new Error('staff not created');
    agent = {
      sessionIdHash: 'x',
      staffId: created.enrolment.staffId,
      email: 'anna@staff.example.com',
      displayName: 'Anna Agent',
      role: 'agent',
    };
  }, 180_000);
  afterAll(async () => {
    await harness?.dispose();
  });

  const db = () => harness.services.db;
  function asAgent<F extends (args: never) => unknown>(route: F): F {
    return asStaff(agent, route);
  }
  function asStaff<F extends (args: never) => unknown>(member: StaffMember, route: F): F {
    return ((args: Args) => {
      args.context.set(staffContext, member);
      return route(args as never);
    }) as unknown as F;
  }
  const post = (fields: Record<string, string>) =>
    harness.call(asAgent(caseAction), formPost(backOfficePath('case'), fields), clientIp);
  const view = (query: string) =>
    harness.call(asAgent(caseLoader), new Request(`${publicUrl}${backOfficePath('case')}?${query}`), clientIp);

  async function bikeReport(contactEmail: string | null = 'rider@example.org') {
    const [row] = await db()
      .insert(bikeReports)
      .values({
        reference: `M-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
        kind: 'damaged',
        bikeNumber: '12345',
        locationLat: 52.52,
        locationLon: 13.405,
        locationSource: 'position',
        seenAt: new Date('2026-06-01T08:00:00Z'),
        contactEmail,
        locale: 'en',
      })
      .returning();
    await listCases(harness.services);
    const [found] = await db().select().from(cases).where(eq(cases.sourceId, row!.id));
    return found!;
  }
  const caseRow = async (id: string) => (await db().select().from(cases).where(eq(cases.id, id)))[0]!;
  const entriesOf = async (subjectId: string) =>
    (await db().select().from(auditLog).orderBy(asc(auditLog.id))).filter((entry) => entry.subjectId === subjectId);

  it('lists the queue filtered on the server and links each row to its case', async () => {
    const report = await bikeReport();
    const all = await harness.call(
      asAgent(queueLoader),
      new Request(`${publicUrl}${backOfficePath('cases')}?kind=bike_report&state=new&assignee=unassigned`),
    );
    expect(all.cases.map((row) => row.id)).toContain(report.id);
    expect(all.values).toEqual({ kind: 'bike_report', state: 'new', assignee: 'unassigned' });
    const mine = await harness.call(
      asAgent(queueLoader),
      new Request(`${publicUrl}${backOfficePath('cases')}?assignee=mine&kind=nonsense&page=-3`),
    );
    expect(mine).toMatchObject({ cases: [], page: 1, values: { kind: '', assignee: 'mine' } });
  });

  it('takes a case, refuses a stale version, and stamps the request on every audit entry', async () => {
    const report = await bikeReport();
    const shown = await view(`id=${report.id}`);
    expect(shown).toMatchObject({ data: { case: { id: report.id, version: 0 }, source: { kind: 'bike_report' } } });

    // Someone else's change raised the version since the page was shown.
    await db().update(cases).set({ version: 1 }).where(eq(cases.id, report.id));
    const stale = await post({ intent: 'take', id: report.id, version: '0' });
    expect(stale).toMatchObject({ data: { ok: false, refusal: 'stale' }, init: { status: 409 } });
    expect((await caseRow(report.id)).state).toBe('new');

    const taken = (await post({ intent: 'take', id: report.id, version: '1' })) as Response;
    expect(taken.status).toBe(302);
    expect(taken.headers.get('Location')).toBe(`${backOfficePath('case')}?id=${report.id}&done=taken`);
    expect(await caseRow(report.id)).toMatchObject({ state: 'in_progress', assigneeStaffId: agent.staffId });

    const noted = (await post({ intent: 'note', id: report.id, version: '2', text: 'Bike collected.' })) as Response;
    expect(noted.status).toBe(302);
    const completed = (await post({ intent: 'complete', id: report.id, version: '3' })) as Response;
    expect(completed.headers.get('Location')).toContain('done=completed-mailed');
    expect(await db().select().from(outbox).where(eq(outbox.recipient, 'rider@example.org'))).toHaveLength(1);

    const ipHash = auditIpHash(clientIp, harness.services.config.sessionSecret);
    const entries = [...(await entriesOf(report.id)), ...(await entriesOf(report.sourceId))];
    expect(entries.map((entry) => entry.action).sort()).toEqual(
      ['bike-report.complete', 'case.close', 'case.note', 'case.take', 'case.view'].sort(),
    );
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorStaffId: agent.staffId, requestId: 'test', ipHash });
    }
  });

  it('refuses an action that does not fit the case’s kind or state, with a message', async () => {
    const report = await bikeReport();
    for (const intent of ['retry', 'carry-out', 'close', 'match']) {
      const refused = await post({
        intent,
        id: report.id,
        version: '0',
        customerId: '5f0c8a9e-0000-4000-8000-000000000001',
        reason: 'x',
      });
      expect(refused, intent).toMatchObject({ data: { ok: false }, init: { status: 400 } });
      expect((refused as { data: { refusal: string } }).data.refusal, intent).toMatch(/wrong-kind|unknown-customer/);
    }
    expect(await post({ intent: 'refuse', id: report.id, version: '0', reason: 'no' })).toMatchObject({
      data: { refusal: 'wrong-kind' },
      init: { status: 400 },
    });
    // Only forward, and only to `in_progress` by hand.
    expect(await post({ intent: 'transition', id: report.id, version: '0', to: 'done' })).toMatchObject({
      data: { refusal: 'invalid-form' },
      init: { status: 400 },
    });
    expect(await caseRow(report.id)).toMatchObject({ state: 'new', version: 0 });
  });

  it('answers bad ids and bad fields with a message next to the field, never an error', async () => {
    const report = await bikeReport();
    const cases_ = [
      [{ intent: 'take', id: 'not-a-uuid', version: '0' }, 'not-found', undefined],
      [{ intent: 'take', id: '5f0c8a9e-0000-4000-8000-0000000000ff', version: '0' }, 'not-found', undefined],
      [{ intent: 'take', id: report.id, version: 'abc' }, 'invalid-form', undefined],
      [{ intent: 'nonsense', id: report.id, version: '0' }, 'invalid-form', undefined],
      [{ id: report.id, version: '0' }, 'invalid-form', undefined],
      [{ intent: 'assign', id: report.id, version: '0', assignee: 'someone' }, 'invalid-assignee', 'assignee'],
      [
        { intent: 'assign', id: report.id, version: '0', assignee: '5f0c8a9e-0000-4000-8000-0000000000ff' },
        'invalid-assignee',
        'assignee',
      ],
      [{ intent: 'note', id: report.id, version: '0', text: '   ' }, 'note-required', 'text'],
    ] as const;
    for (const [fields, refusal, field] of cases_) {
      const outcome = await post(fields as Record<string, string>);
      expect(outcome, JSON.stringify(fields)).toMatchObject({
        data: { ok: false, refusal, ...(field ? { field } : {}) },
        init: { status: 400 },
      });
    }
    expect(await view('id=not-a-uuid').catch((thrown: unknown) => thrown)).toMatchObject({ init: { status: 404 } });
    expect(await caseRow(report.id)).toMatchObject({ state: 'new', version: 0 });
  });

  it('completes a vehicle damage report, closes a failed SMS by hand, and wants a reason to refuse a deletion', async () => {
    const [damage] = await db()
      .insert(damageReports)
      .values({
        reference: 'S-ROUTE001',
        licencePlate: 'B-AB 1234',
        damageKind: 'glass',
        damagePosition: 'front',
        locationLat: 52.52,
        locationLon: 13.405,
        locationSource: 'position',
        seenAt: new Date('2026-06-01T08:00:00Z'),
        contactEmail: 'driver@example.org',
        locale: 'en',
      })
      .returning();
    const [sms] = await db()
      .insert(smsOutbox)
      .values({ recipient: '+4915112345678', text: '', failedAt: new Date('2026-06-02T08:00:00Z'), lastError: 'gone' })
      .returning();
    await listCases(harness.services);
    const caseOfSource = async (sourceId: string) =>
      (await db().select().from(cases).where(eq(cases.sourceId, sourceId)))[0]!;
    const vehicle = await caseOfSource(damage!.id);
    expect((await view(`id=${vehicle.id}`)).data.source).toMatchObject({ kind: 'vehicle_report', photoCount: 0 });
    // The bike report's and the failed message's actions do not fit a vehicle report.
    for (const intent of ['retry', 'close']) {
      expect(await post({ intent, id: vehicle.id, version: '0' })).toMatchObject({
        data: { refusal: 'wrong-kind' },
        init: { status: 400 },
      });
    }
    const completed = (await post({ intent: 'complete', id: vehicle.id, version: '0' })) as Response;
    expect(completed.headers.get('Location')).toContain('done=completed-mailed');
    expect(await db().select().from(outbox).where(eq(outbox.recipient, 'driver@example.org'))).toMatchObject([
      { kind: 'damage-report-done' },
    ]);
    expect(await post({ intent: 'complete', id: vehicle.id, version: '2' })).toMatchObject({
      data: { refusal: 'done' },
      init: { status: 409 },
    });

    const failed = await caseOfSource(sms!.id);
    expect(await post({ intent: 'retry', id: failed.id, version: '0' })).toMatchObject({
      data: { refusal: 'text-gone' },
      init: { status: 400 },
    });
    const closed = (await post({ intent: 'close', id: failed.id, version: '0' })) as Response;
    expect(closed.headers.get('Location')).toContain('done=closed');
    expect(await caseRow(failed.id)).toMatchObject({ state: 'done', outcome: 'closed' });

    // A refusal without a reason is sent back to its field, before any case is looked at.
    expect(await post({ intent: 'refuse', id: failed.id, version: '1', reason: '  ' })).toMatchObject({
      data: { refusal: 'reason-required', field: 'reason' },
      init: { status: 400 },
    });
  });

  it('previews matching an unmatched declaration, then applies it with its received time', async () => {
    const outcome = await registerCustomer(harness.services, registration({ email: 'erika@example.org' }), {
      locale: 'de',
      now: new Date('2026-04-01T10:00:00Z'),
    });
    if (outcome.kind !== 'created') throw new Error('not created');
    const [customer] = await db().select().from(customers).where(eq(customers.id, outcome.customerId));
    const [declaration] = await db()
      .insert(cancellations)
      .values({
        reference: 'K-TEST0001',
        receivedAt: new Date('2026-05-14T10:00:00Z'),
        kind: 'ordinary',
        name: 'Erika Mustermann',
        identifier: 'erika.old@example.org',
        contractLabel: 'Kundenvertrag',
        confirmationEmail: 'erika.old@example.org',
        locale: 'de',
      })
      .returning();
    await listCases(harness.services);
    const [row] = await db().select().from(cases).where(eq(cases.sourceId, declaration!.id));

    const unknown = await view(`id=${row!.id}&customerNumber=999999999`);
    expect(unknown.data.preview).toEqual({ ok: false, error: 'unknown-customer' });
    const preview = await view(`id=${row!.id}&customerNumber=${customer!.customerNumber}`);
    expect(preview.data.preview).toMatchObject({
      ok: true,
      customer: { id: customer!.id, customerNumber: customer!.customerNumber },
    });
    // The preview changed nothing.
    const [untouched] = await db().select().from(cancellations).where(eq(cancellations.id, declaration!.id));
    expect(untouched!.customerId).toBeNull();

    const matched = (await post({
      intent: 'match',
      id: row!.id,
      version: String(preview.data.case.version),
      customerId: customer!.id,
    })) as Response;
    expect(matched.headers.get('Location')).toContain('done=matched');
    const [stored] = await db().select().from(cancellations).where(eq(cancellations.id, declaration!.id));
    const expected = (preview.data.preview as { effectiveEndDate: string }).effectiveEndDate;
    expect(stored).toMatchObject({ customerId: customer!.id, effectiveEndDate: expected });
    const [contract] = await db().select().from(contracts).where(eq(contracts.customerId, customer!.id));
    expect(contract!.endDate).toBe(expected);
    // The holder is told at the account's own address, with the end date and the received time.
    const [toHolder] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'erika@example.org'), eq(outbox.kind, 'declaration-applied')));
    expect(toHolder!.text).toContain(
      'am 14.05.2026, 12:00 MESZ ist bei uns eine Kündigung deines Vertrags eingegangen',
    );
    expect(toHolder!.text).toContain(expected.split('-').reverse().join('.'));
    const actions = [...(await entriesOf(row!.id)), ...(await entriesOf(declaration!.id))].map((entry) => [
      entry.action,
      entry.requestId,
    ]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['case.view', 'test'],
        ['case.match-preview', 'test'],
        ['cancellation.match', 'test'],
        ['case.close', 'test'],
      ]),
    );
  });

  it('closes an unmatched declaration only with a reason from the list, keeping what was chosen and typed', async () => {
    const [declaration] = await db()
      .insert(cancellations)
      .values({
        reference: 'K-TEST-0002',
        receivedAt: new Date('2026-05-14T10:00:00Z'),
        kind: 'withdrawal',
        name: 'Max Muster',
        identifier: 'max@example.org',
        contractLabel: 'Kundenvertrag',
        confirmationEmail: 'max@example.org',
        locale: 'en',
      })
      .returning();
    await listCases(harness.services);
    const [row] = await db().select().from(cases).where(eq(cases.sourceId, declaration!.id));
    const shown = await view(`id=${row!.id}`);
    // A withdrawal's case is called one, and the page offers the reasons, marking those that need a text.
    expect(shown.data).toMatchObject({ declarationNoun: 'withdrawal', outcomeReason: null });
    expect(shown.data.closeReasons).toEqual([
      { code: 'no-contract-found', needsText: false },
      { code: 'not-entitled', needsText: false },
      { code: 'duplicate', needsText: true },
      { code: 'not-a-declaration', needsText: false },
      { code: 'other', needsText: true },
    ]);

    const close = (fields: Record<string, string>) => post({ intent: 'close', id: row!.id, version: '0', ...fields });
    expect(await close({ closeText: 'We found nothing.' })).toMatchObject({
      data: {
        ok: false,
        refusal: 'close-reason-required',
        field: 'closeReason',
        values: { closeText: 'We found nothing.' },
      },
      init: { status: 400 },
    });
    expect(await close({ closeReason: 'made-up', closeText: 'x' })).toMatchObject({
      data: { refusal: 'close-reason-required', field: 'closeReason' },
      init: { status: 400 },
    });
    expect(await close({ closeReason: 'other', closeText: ' ' })).toMatchObject({
      data: { refusal: 'close-text-required', field: 'closeText', values: { closeReason: 'other' } },
      init: { status: 400 },
    });
    expect(await caseRow(row!.id)).toMatchObject({ state: 'new', version: 0 });
    expect(await db().select().from(outbox).where(eq(outbox.recipient, 'max@example.org'))).toEqual([]);

    const closed = (await close({
      closeReason: 'not-a-declaration',
      closeText: 'You asked about prices.',
    })) as Response;
    expect(closed.status).toBe(302);
    expect(closed.headers.get('Location')).toBe(`${backOfficePath('case')}?id=${row!.id}&done=closed-answered`);
    expect(await caseRow(row!.id)).toMatchObject({
      state: 'done',
      outcome: 'closed:not-a-declaration',
      outcomeText: 'You asked about prices.',
    });
    const [answer] = await db().select().from(outbox).where(eq(outbox.recipient, 'max@example.org'));
    expect(answer).toMatchObject({
      kind: 'declaration-closed',
      subject: 'Our answer to your withdrawal (K-TEST-0002)',
    });
    expect(answer!.text).toContain('The reason: we did not read your message as a withdrawal.');
    expect(answer!.text).toContain('A note from our service team: You asked about prices.');
    expect((await view(`id=${row!.id}`)).data).toMatchObject({ outcomeReason: 'not-a-declaration' });
    const entries = [...(await entriesOf(row!.id)), ...(await entriesOf(declaration!.id))];
    expect(entries.filter((entry) => entry.action !== 'case.view').map((entry) => [entry.action, entry.after])).toEqual(
      expect.arrayContaining([
        ['cancellation.close', expect.objectContaining({ reason: 'not-a-declaration' })],
        ['case.close', { state: 'done', outcome: 'closed:not-a-declaration' }],
      ]),
    );
  });
  it('shows finance staff and admins payout cases only, and lets them alone record one as paid out', async () => {
    const outcome = await registerCustomer(harness.services, registration({ email: 'payee@example.org' }), {
      locale: 'de',
      now: new Date('2026-05-20T10:00:00Z'),
    });
    if (outcome.kind !== 'created') throw new Error('not created');
    const [entry] = await db()
      .insert(creditLedger)
      .values({ customerId: outcome.customerId, kind: 'payout', amountCents: -2500, reference: 'W-ROUTE001' })
      .returning();
    const [payout] = await db()
      .insert(payouts)
      .values({
        customerId: outcome.customerId,
        ledgerEntryId: entry!.id,
        amountCents: 2500,
        reference: 'W-ROUTE001',
        methodLabel: null,
        dueBy: '2026-06-15',
      })
      .returning();
    const report = await bikeReport();
    const row = (await db().select().from(cases).where(eq(cases.sourceId, payout!.id)))[0]!;
    const staff = async (role: 'finance' | 'admin'): Promise<StaffMember> => {
      const email = `${role}-payouts@staff.example.com`;
      const created = await createStaffAccount(harness.services, { email, displayName: role, role }, null);
      if (created.kind !== 'created') throw new Error('staff not created');
      return { sessionIdHash: 'x', staffId: created.enrolment.staffId, email, displayName: role, role };
    };
    const finance = await staff('finance');
    const admin = await staff('admin');
    const viewAs = (member: StaffMember, id: string) =>
      harness.call(
        asStaff(member, caseLoader),
        new Request(`${publicUrl}${backOfficePath('case')}?id=${id}`),
        clientIp,
      );
    const postAs = (member: StaffMember, fields: Record<string, string>) =>
      harness.call(asStaff(member, caseAction), formPost(backOfficePath('case'), fields), clientIp);

    // The queue of finance staff holds payouts only, whatever kind is asked for.
    const queue = await harness.call(
      asStaff(finance, queueLoader),
      new Request(`${publicUrl}${backOfficePath('cases')}?kind=bike_report`),
    );
    expect(queue.kinds).toEqual(['payout']);
    expect(queue.values.kind).toBe('');
    expect(new Set(queue.cases.map((listed) => listed.kind))).toEqual(new Set(['payout']));
    expect(await viewAs(finance, report.id).catch((thrown: unknown) => thrown)).toMatchObject({
      init: { status: 404 },
    });

    // Finance may open the customer and record the payout; an admin sees the number without a name or link.
    const shown = await viewAs(finance, row.id);
    expect(shown.data).toMatchObject({ intents: ['record-payout'], customerLink: true });
    expect(shown.data.source).toMatchObject({ kind: 'payout', customer: { name: 'Erika Mustermann' } });
    const byAdmin = await viewAs(admin, row.id);
    expect(byAdmin.data).toMatchObject({ intents: ['record-payout'], customerLink: false });
    expect(byAdmin.data.source).toMatchObject({ customer: { name: null } });
    expect((await view(`id=${row.id}`)).data.intents).not.toContain('record-payout');

    // An agent past the guard is still refused; a missing reference is a message next to its field.
    expect(await post({ intent: 'record-payout', id: row.id, version: '0', transferReference: 'E2E-1' })).toMatchObject(
      { data: { ok: false, refusal: 'not-allowed' }, init: { status: 403 } },
    );
    expect(
      await postAs(finance, { intent: 'record-payout', id: row.id, version: '0', transferReference: ' ' }),
    ).toMatchObject({
      data: { refusal: 'transfer-reference-required', field: 'transferReference', values: { transferReference: ' ' } },
      init: { status: 400 },
    });
    const tooLong = 'x'.repeat(141);
    expect(
      await postAs(finance, { intent: 'record-payout', id: row.id, version: '0', transferReference: tooLong }),
    ).toMatchObject({
      data: {
        refusal: 'transfer-reference-invalid',
        field: 'transferReference',
        values: { transferReference: tooLong },
      },
      init: { status: 400 },
    });
    const paid = (await postAs(finance, {
      intent: 'record-payout',
      id: row.id,
      version: '0',
      transferReference: 'E2E-4711',
    })) as Response;
    expect(paid.headers.get('Location')).toBe(`${backOfficePath('case')}?id=${row.id}&done=paid-out-mailed`);
    expect(await caseRow(row.id)).toMatchObject({ state: 'done', outcome: 'paid', outcomeText: 'E2E-4711' });
    expect(
      await postAs(admin, { intent: 'record-payout', id: row.id, version: '1', transferReference: 'E2E-4712' }),
    ).toMatchObject({ data: { refusal: 'done' }, init: { status: 409 } });
    const ipHash = auditIpHash(clientIp, harness.services.config.sessionSecret);
    expect(await entriesOf(payout!.id)).toMatchObject([
      { action: 'payout.paid', actorStaffId: finance.staffId, requestId: 'test', ipHash },
    ]);
  });
});

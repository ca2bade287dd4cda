import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bikeReports,
  cases,
  cancellations,
  contracts,
  customers,
  damageReports,
  drivingLicences,
  outbox,
  retainedCustomerRecords,
  sessions,
  smsOutbox,
  staffAccounts,
  trips,
} from '~/db/schema';
import { backOffice } from '~/config/back-office';
import { brandProfiles } from '~/config/brand';
import { registerCustomer } from '~/features/accounts/registration.server';
import { declareCancellation } from '~/features/contract/cancellation.server';
import { createAccountFixture, registration, type AccountFixture } from '../../../tests/support/account-fixtures';
import { createTestDatabase, databaseBackends } from '../../../tests/support/test-databases';
import {
  addCaseNote,
  assignCase,
  carryOutDeletion,
  caseSweepJob,
  completeReport,
  closeDeclaration,
  completeVehicleReport,
  getCase,
  listCases,
  matchDeclaration,
  refuseDeletion,
  retryMessage,
  takeCase,
  transitionCase,
  type CaseKind,
  type CaseState,
  type StaffActor,
} from './public.server';
import { declarationAppliedMail } from './casework-mails';

const anna: StaffActor = {
  staffId: '5f0c8a9e-0000-4000-8000-000000000001',
  role: 'agent',
  origin: { requestId: 'req-anna', ipHash: 'hash-anna' },
};
const ben: StaffActor = {
  staffId: '5f0c8a9e-0000-4000-8000-000000000002',
  role: 'agent',
  origin: { requestId: 'req-ben', ipHash: 'hash-ben' },
};
const may14 = new Date('2026-05-14T10:00:00Z');
const june10 = new Date('2026-06-10T10:00:00Z');

describe.each(databaseBackends)('case queues on %s', (backend) => {
  let fixture: AccountFixture;
  // The first database of a run migrates the template the others are cloned from.
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await fixture?.database.dispose();
  });
  const db = () => fixture.context.db;
  const ctx = () => ({
    db: db(),
    config: fixture.context.config,
    brand: fixture.context.brand,
    onMailQueued: fixture.context.onMailQueued,
  });

  async function customer(overrides: Parameters<typeof registration>[0] = {}, now = new Date('2026-04-01T10:00:00Z')) {
    const outcome = await registerCustomer(fixture.context, registration(overrides), { locale: 'de', now });
    if (outcome.kind !== 'created') throw new Error('not created');
    return outcome.customerId;
  }
  async function bikeReport(overrides: Partial<typeof bikeReports.$inferInsert> = {}) {
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
        contactEmail: 'reporter@example.org',
        locale: 'en',
        ...overrides,
      })
      .returning();
    return row!;
  }
  async function caseOf(kind: CaseKind, sourceId: string) {
    await listCases(ctx());
    const rows = await db().select().from(cases).where(eq(cases.sourceId, sourceId));
    const row = rows.find((candidate) => candidate.kind === kind);
    if (!row) throw new Error(`no ${kind} case for ${sourceId}`);
    return row;
  }
  const auditActions = async (subjectId?: string) =>
    (await db().select().from(auditLog).orderBy(asc(auditLog.id)))
      .filter((entry) => !subjectId || entry.subjectId === subjectId)
      .map((entry) => `${entry.actorStaffId === anna.staffId ? 'anna' : 'ben'}:${entry.action}`);
  const mailsTo = async (to: string) => db().select().from(outbox).where(eq(outbox.recipient, to));

  it('makes one case per source occurrence, and lists with filters and stable server-side paging', async () => {
    fixture = await createAccountFixture(backend);
    const reports = [];
    for (let index = 0; index < 5; index++) {
      reports.push(await bikeReport({ createdAt: new Date(Date.UTC(2026, 5, 1, 8, index)) }));
    }
    await db().insert(outbox).values({
      recipient: 'x@example.org',
      subject: 's',
      text: 't',
      html: 'h',
      kind: 'k',
      failedAt: may14,
    });
    await db().insert(outbox).values({ recipient: 'y@example.org', subject: 's', text: 't', html: 'h', kind: 'k' });

    // Lists at the same moment create each case once.
    await Promise.all([listCases(ctx()), listCases(ctx()), listCases(ctx())]);
    expect(await db().select().from(cases)).toHaveLength(6);

    const first = await listCases(ctx(), { kind: 'bike_report', page: 1, pageSize: 2 });
    const second = await listCases(ctx(), { kind: 'bike_report', page: 2, pageSize: 2 });
    const third = await listCases(ctx(), { kind: 'bike_report', page: 3, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, pageCount: 3, page: 1 });
    const paged = [...first.cases, ...second.cases, ...third.cases].map((row) => row.sourceId);
    expect(paged).toEqual(reports.map((report) => report.id));
    expect((await listCases(ctx(), { kind: 'bike_report', page: 99, pageSize: 2 })).page).toBe(3);

    const failed = await listCases(ctx(), { kind: 'failed_mail' });
    expect(failed.total).toBe(1);

    await takeCase(ctx(), anna, first.cases[0]!.id);
    expect((await listCases(ctx(), { assignee: anna.staffId })).cases.map((row) => row.id)).toEqual([
      first.cases[0]!.id,
    ]);
    expect((await listCases(ctx(), { state: 'in_progress' })).total).toBe(1);
    expect((await listCases(ctx(), { kind: 'bike_report', assignee: 'unassigned' })).total).toBe(4);
  });

  it('looks for new sources from the newest case of their kind less the overlap; the sweep finds the rest', async () => {
    fixture = await createAccountFixture(backend);
    const newest = await bikeReport({ createdAt: june10 });
    await listCases(ctx());
    // Two reports written before the newest one but committed after its case was made.
    const { overlapMs } = backOffice.caseSync;
    const within = await bikeReport({ createdAt: new Date(june10.getTime() - overlapMs + 1000) });
    const beyond = await bikeReport({ createdAt: new Date(june10.getTime() - overlapMs - 1000) });
    const reportCases = async () =>
      (await db().select().from(cases).where(eq(cases.kind, 'bike_report'))).map((row) => row.sourceId).sort();

    await listCases(ctx());
    expect(await reportCases()).toEqual([newest.id, within.id].sort());
    const warnings: unknown[][] = [];
    const sweep = caseSweepJob(db(), { warn: (...args: unknown[]) => warnings.push(args) });
    await sweep.run(new Date());
    expect(await reportCases()).toEqual([newest.id, within.id, beyond.id].sort());
    // What only the whole scan found is reported; a sweep that finds nothing more says nothing.
    expect(warnings).toEqual([[{ cases: { bike_report: 1 } }, expect.stringContaining('case sweep')]]);
    const fresh = await bikeReport({ createdAt: new Date(june10.getTime() + 60_000) });
    await sweep.run(new Date());
    expect(warnings).toHaveLength(1);

    // A case dated ahead by a clock that runs fast does not hide what arrives at the right time, even
    // when the next view comes later than the overlap.
    const ahead = await bikeReport({ createdAt: new Date(Date.now() + 60 * 60_000) });
    await listCases(ctx());
    const onTime = await bikeReport({ createdAt: new Date(Date.now() - overlapMs - 5 * 60_000) });
    await listCases(ctx());
    expect(await reportCases()).toEqual([newest.id, within.id, beyond.id, fresh.id, ahead.id, onTime.id].sort());
  });

  it('finds the sources of a kind without cases however old they are', async () => {
    fixture = await createAccountFixture(backend);
    await db()
      .insert(outbox)
      .values({ recipient: 'x@example.org', subject: 's', text: 't', html: 'h', kind: 'k', failedAt: may14 });
    await customer({ email: 'gone@example.org' });
    await db().update(customers).set({ deletionRequestedAt: may14 }).where(eq(customers.email, 'gone@example.org'));
    const kinds = (await listCases(ctx())).cases.map((row) => [row.kind, row.occurredAt.toISOString()]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['failed_mail', may14.toISOString()],
        ['deletion_request', may14.toISOString()],
      ]),
    );
  });

  it('moves a case only forward, lets one of two staff members take it, and refuses a stale change', async () => {
    fixture = await createAccountFixture(backend);
    const report = await bikeReport();
    const row = await caseOf('bike_report', report.id);

    const [first, second] = await Promise.all([takeCase(ctx(), anna, row.id), takeCase(ctx(), ben, row.id)]);
    const outcomes = [first, second].map((outcome) => (outcome.ok ? 'ok' : outcome.error)).sort();
    expect(outcomes).toEqual(['ok', 'taken']);
    const winner = first.ok ? anna : ben;
    const taken = (await db().select().from(cases).where(eq(cases.id, row.id)))[0]!;
    expect(taken).toMatchObject({ state: 'in_progress', assigneeStaffId: winner.staffId });

    expect(await transitionCase(ctx(), anna, row.id, { to: 'new', expectedVersion: taken.version })).toEqual({
      ok: false,
      error: 'backward',
    });
    expect(await transitionCase(ctx(), anna, row.id, { to: 'in_progress', expectedVersion: taken.version })).toEqual({
      ok: false,
      error: 'backward',
    });
    // Only an active staff member can be given a case, and only a state of ours can be asked for.
    expect(
      await assignCase(ctx(), anna, row.id, { assigneeStaffId: ben.staffId, expectedVersion: taken.version }),
    ).toEqual({ ok: false, error: 'invalid' });
    expect(
      await assignCase(ctx(), anna, row.id, { assigneeStaffId: 'somebody', expectedVersion: taken.version }),
    ).toEqual({ ok: false, error: 'invalid' });
    expect(
      await transitionCase(ctx(), anna, row.id, { to: 'archived' as CaseState, expectedVersion: taken.version }),
    ).toEqual({ ok: false, error: 'invalid' });
    await db().insert(staffAccounts).values({
      id: ben.staffId,
      email: 'ben@staff.example',
      displayName: 'Ben',
      role: 'agent',
      passwordHash: '!unused',
      totpSecretEncrypted: '!unused',
    });
    const reassigned = await assignCase(ctx(), anna, row.id, {
      assigneeStaffId: ben.staffId,
      expectedVersion: taken.version,
    });
    expect(reassigned).toMatchObject({ ok: true, case: { assigneeStaffId: ben.staffId } });
    // A page that still shows the version before the reassignment cannot close the case.
    expect(await transitionCase(ctx(), anna, row.id, { to: 'done', expectedVersion: taken.version })).toEqual({
      ok: false,
      error: 'stale',
    });
    expect(await addCaseNote(ctx(), ben, row.id, '  Called the reporter.  ')).toMatchObject({ ok: true });
    expect(await addCaseNote(ctx(), ben, row.id, '   ')).toEqual({ ok: false, error: 'invalid' });
    const current = (await db().select().from(cases).where(eq(cases.id, row.id)))[0]!;
    const done = await transitionCase(ctx(), ben, row.id, { to: 'done', expectedVersion: current.version });
    expect(done).toMatchObject({ ok: true, case: { state: 'done', outcome: 'closed' } });
    expect(await takeCase(ctx(), anna, row.id)).toEqual({ ok: false, error: 'done' });
    expect(await transitionCase(ctx(), ben, row.id, { to: 'done', expectedVersion: current.version + 1 })).toEqual({
      ok: false,
      error: 'backward',
    });

    const detail = await getCase(ctx(), anna, row.id);
    expect(detail?.notes.map((note) => [note.authorStaffId, note.text])).toEqual([
      [ben.staffId, 'Called the reporter.'],
    ]);
    expect(detail?.source).toMatchObject({ kind: 'bike_report', report: { id: report.id } });
    expect(await auditActions(row.id)).toEqual([
      `${winner === anna ? 'anna' : 'ben'}:case.take`,
      'anna:case.assign',
      'ben:case.note',
      'ben:case.close',
      'anna:case.view',
    ]);
  });

  it('matches an unmatched declaration to a customer, applying it with its original received time', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer({ tariffId: 'komfort-monat' });
    const declared = await declareCancellation(
      fixture.context,
      {
        kind: 'ordinary',
        name: 'E. Mustermann-Schulz',
        identifier: 'erika.old@example.org',
        contractLabel: 'Call a Bike – Kundenvertrag (Fahrradverleih)',
        confirmationEmail: 'erika.old@example.org',
      },
      { kind: 'public', sessionCustomerId: null, clientIp: '192.0.2.1' },
      { locale: 'de', now: may14 },
    );
    expect(declared).toMatchObject({ kind: 'received', confirmation: { effectiveEndDate: null } });
    const [declaration] = await db().select().from(cancellations);
    const row = await caseOf('cancellation', declaration!.id);
    expect((await getCase(ctx(), anna, row.id))?.source).toMatchObject({ kind: 'cancellation', matched: false });

    // Matched on 10 June: the notice period counts from 14 May, so the contract ends on 31 May (and
    // has ended by now), not on 30 June.
    const matched = await matchDeclaration(ctx(), anna, row.id, { customerId: erika, now: june10 });
    expect(matched).toMatchObject({
      ok: true,
      effectiveEndDate: '2026-05-31',
      case: { state: 'done', outcome: 'matched' },
    });
    const [stored] = await db().select().from(cancellations).where(eq(cancellations.id, declaration!.id));
    expect(stored).toMatchObject({ customerId: erika, effectiveEndDate: '2026-05-31', receivedAt: may14 });
    const [contract] = await db().select().from(contracts).where(eq(contracts.customerId, erika));
    expect(contract).toMatchObject({ state: 'ended', endDate: '2026-05-31' });
    const mails = await mailsTo('erika.old@example.org');
    expect(mails.map((mail) => mail.kind)).toEqual(['cancellation-confirmation', 'cancellation-confirmation']);
    // The declarant's address learns no end date: that goes to the holder.
    expect(mails[1]!.text).not.toContain('31.05.2026');
    // The account's own address learns what was applied and when the declaration arrived, in the account's language.
    const toHolder = (await mailsTo('erika@example.org')).filter((mail) => mail.kind === 'declaration-applied');
    expect(toHolder).toHaveLength(1);
    expect(toHolder[0]!.subject).toBe(`Deine Kündigung ist eingetragen (${declaration!.reference})`);
    expect(toHolder[0]!.text).toContain(
      `am 14.05.2026, 12:00 MESZ ist bei uns eine Kündigung deines Vertrags eingegangen (Referenz ${declaration!.reference})`,
    );
    expect(toHolder[0]!.text).toContain('Vertragsende: mit Ablauf des 31.05.2026.');
    // The contract has ended by the time of the match: nothing is left to take back in the self-service area.
    expect(toHolder[0]!.text).toContain('Warst du das nicht? Dann antworte bitte umgehend auf diese E-Mail.');
    expect(toHolder[0]!.text).toContain(`${fixture.context.config.publicUrl}/de/`);
    expect(fixture.queuedMails.map((mail) => mail.to)).toEqual(
      expect.arrayContaining(['erika.old@example.org', 'erika@example.org']),
    );

    expect(await matchDeclaration(ctx(), ben, row.id, { customerId: erika, now: june10 })).toEqual({
      ok: false,
      error: 'done',
    });
    expect(await auditActions(declaration!.id)).toEqual(['anna:cancellation.match']);
    const [match] = await db().select().from(auditLog).where(eq(auditLog.action, 'cancellation.match'));
    expect(match!.after).toMatchObject({ customerId: erika, appliedAs: 'cancellation', holderMailed: true });
    expect(await auditActions(row.id)).toEqual(['anna:case.view', 'anna:case.close']);
  });

  it('closes an unmatched declaration only with a reason, answering the declarant in the declaration’s language', async () => {
    fixture = await createAccountFixture(backend);
    const declare = async (values: Partial<typeof cancellations.$inferInsert>) => {
      const [row] = await db()
        .insert(cancellations)
        .values({
          reference: `K-${Math.random().toString(36).slice(2, 6).toUpperCase()}-TEST`,
          receivedAt: may14,
          kind: 'ordinary',
          name: 'Max Muster',
          identifier: '0000000',
          contractLabel: 'Kundenvertrag',
          confirmationEmail: 'max@example.org',
          locale: 'en',
          ...values,
        })
        .returning();
      return { declaration: row!, case: await caseOf('cancellation', row!.id) };
    };
    const english = await declare({});

    // No reason, an unknown one, or a reason that needs staff's words without them: refused, nothing written.
    for (const refused of [
      { reason: undefined, error: 'close-reason-required' },
      { reason: 'because', error: 'close-reason-required' },
      { reason: 'other', text: '   ', error: 'close-text-required' },
      { reason: 'duplicate', error: 'close-text-required' },
      { reason: 'no-contract-found', text: 'x'.repeat(501), error: 'close-text-too-long' },
    ]) {
      expect(await closeDeclaration(ctx(), anna, english.case.id, refused), JSON.stringify(refused)).toEqual({
        ok: false,
        error: refused.error,
      });
    }
    expect((await db().select().from(cases).where(eq(cases.id, english.case.id)))[0]).toMatchObject({
      state: 'new',
      outcome: null,
    });
    expect(await mailsTo('max@example.org')).toEqual([]);
    expect(await db().select().from(auditLog)).toEqual([]);

    const text = 'Please send us your customer number; you find it in the app under "Account".';
    const closed = await closeDeclaration(ctx(), anna, english.case.id, {
      reason: 'no-contract-found',
      text: `  ${text} `,
      expectedVersion: english.case.version,
      now: june10,
    });
    expect(closed).toMatchObject({
      ok: true,
      declarantMailed: true,
      case: { state: 'done', outcome: 'closed:no-contract-found', outcomeText: text, assigneeStaffId: anna.staffId },
    });
    // The declaration stays unmatched and unapplied.
    expect(
      (await db().select().from(cancellations).where(eq(cancellations.id, english.declaration.id)))[0],
    ).toMatchObject({ customerId: null, contractId: null, effectiveEndDate: null });
    const [answer] = await mailsTo('max@example.org');
    expect(answer).toMatchObject({
      kind: 'declaration-closed',
      subject: `Our answer to your cancellation (${english.declaration.reference})`,
    });
    expect(answer!.text).toContain('Hello Max Muster,');
    expect(answer!.text).toContain(
      `we have looked into your cancellation with the reference ${english.declaration.reference}, which we received on 14 May 2026, 12:00 CEST. We have not carried it out.`,
    );
    expect(answer!.text).toContain('The reason: we could not find a contract from the details you gave.');
    expect(answer!.text).toContain(`A note from our service team: ${text}`);
    expect(answer!.text).toContain(
      `please cancel again through our cancellation form: ${fixture.context.config.publicUrl}/en/kuendigen`,
    );
    expect(answer!.text).toContain('Just reply to this email.');
    expect(fixture.queuedMails.map((mail) => mail.to)).toEqual(['max@example.org']);
    expect(await auditActions(english.declaration.id)).toEqual(['anna:cancellation.close']);
    expect(await auditActions(english.case.id)).toEqual(['anna:case.close']);
    const entries = await db().select().from(auditLog).orderBy(asc(auditLog.id));
    expect(entries.map((entry) => [entry.action, entry.after])).toEqual([
      [
        'cancellation.close',
        { outcome: 'closed:no-contract-found', reason: 'no-contract-found', text, declarantMailed: true },
      ],
      ['case.close', { state: 'done', outcome: 'closed:no-contract-found' }],
    ]);
    expect(await closeDeclaration(ctx(), ben, english.case.id, { reason: 'other', text: 'again' })).toEqual({
      ok: false,
      error: 'done',
    });

    // A withdrawal in German is answered as a withdrawal, with staff's words as the reason for `other`.
    const german = await declare({ kind: 'withdrawal', locale: 'de', confirmationEmail: 'moritz@example.org' });
    expect(
      await closeDeclaration(ctx(), ben, german.case.id, {
        reason: 'other',
        text: 'Der Vertrag ist ein Firmenvertrag.',
      }),
    ).toMatchObject({ ok: true, case: { outcome: 'closed:other', outcomeText: 'Der Vertrag ist ein Firmenvertrag.' } });
    const [antwort] = await mailsTo('moritz@example.org');
    expect(antwort!.subject).toBe(`Antwort auf deinen Widerruf (${german.declaration.reference})`);
    expect(antwort!.text).toContain(
      `wir haben deinen Widerruf mit der Referenz ${german.declaration.reference} geprüft, der am 14.05.2026, 12:00 MESZ bei uns eingegangen ist. Wir haben ihn nicht ausgeführt.`,
    );
    expect(antwort!.text).toContain('Der Grund:\n\nDer Vertrag ist ein Firmenvertrag.');
    expect(antwort!.text).toContain(
      `widerrufe bitte erneut über unsere Widerrufsfunktion: ${fixture.context.config.publicUrl}/de/widerrufen`,
    );

    // A duplicate tells the declarant that nothing more is needed.
    const repeated = await declare({ confirmationEmail: 'again@example.org' });
    await closeDeclaration(ctx(), anna, repeated.case.id, {
      reason: 'duplicate',
      text: 'Your cancellation K-ABCD-EFGH of 13 May applies.',
    });
    const [duplicate] = await mailsTo('again@example.org');
    expect(duplicate!.text).toContain(
      'The reason: we had already received this cancellation; the earlier declaration applies.',
    );
    expect(duplicate!.text).toContain('There is nothing more you need to do.');
    expect(duplicate!.text).not.toContain('cancellation form');
  });

  it('closes the case of a declaration that matched on arrival without a reason and without a mail', async () => {
    fixture = await createAccountFixture(backend);
    await customer();
    await declareCancellation(
      fixture.context,
      {
        kind: 'ordinary',
        name: 'Erika Mustermann',
        identifier: 'erika@example.org',
        contractLabel: 'Kundenvertrag',
        confirmationEmail: 'erika@example.org',
      },
      { kind: 'public', sessionCustomerId: null, clientIp: '192.0.2.1' },
      { locale: 'de', now: may14 },
    );
    const [declaration] = await db().select().from(cancellations);
    expect(declaration!.customerId).not.toBeNull();
    const row = await caseOf('cancellation', declaration!.id);
    const before = (await db().select().from(outbox)).length;
    expect(await closeDeclaration(ctx(), anna, row.id, {})).toMatchObject({
      ok: true,
      declarantMailed: false,
      case: { state: 'done', outcome: 'closed', outcomeText: null },
    });
    expect(await db().select().from(outbox)).toHaveLength(before);
    expect(await auditActions(row.id)).toEqual(['anna:case.close']);
  });

  it('refuses to match a declaration to an unknown customer and leaves the case open', async () => {
    fixture = await createAccountFixture(backend);
    await declareCancellation(
      fixture.context,
      {
        kind: 'ordinary',
        name: 'Nobody',
        identifier: 'nobody@example.org',
        contractLabel: 'Vertrag',
        confirmationEmail: 'nobody@example.org',
      },
      { kind: 'public', sessionCustomerId: null, clientIp: '192.0.2.1' },
      { locale: 'de', now: may14 },
    );
    const [declaration] = await db().select().from(cancellations);
    const row = await caseOf('cancellation', declaration!.id);
    expect(await matchDeclaration(ctx(), anna, row.id, { customerId: '00000000-0000-4000-8000-000000000000' })).toEqual(
      { ok: false, error: 'unknown-customer' },
    );
    expect((await db().select().from(cases).where(eq(cases.id, row.id)))[0]!.state).toBe('new');
    expect(await db().select().from(auditLog)).toEqual([]);
  });

  it('completes a bike report and queues the reporter a mail in the report’s language', async () => {
    fixture = await createAccountFixture(backend);
    const english = await bikeReport({ locale: 'en', contactEmail: 'rider@example.org' });
    const german = await bikeReport({ locale: 'de', contactEmail: 'fahrer@example.org' });
    const anonymised = await bikeReport({ contactEmail: null });

    expect(await completeReport(ctx(), anna, (await caseOf('bike_report', english.id)).id)).toMatchObject({
      ok: true,
      reporterMailed: true,
      case: { state: 'done', outcome: 'completed' },
    });
    await completeReport(ctx(), anna, (await caseOf('bike_report', german.id)).id);
    const [toRider] = await mailsTo('rider@example.org');
    const [toFahrer] = await mailsTo('fahrer@example.org');
    expect(toRider).toMatchObject({
      kind: 'bike-report-done',
      subject: `Your report ${english.reference} has been dealt with`,
    });
    expect(toFahrer).toMatchObject({ subject: `Deine Meldung ${german.reference} ist erledigt` });
    expect(fixture.queuedMails.map((mail) => mail.to)).toEqual(['rider@example.org', 'fahrer@example.org']);

    expect(await completeReport(ctx(), anna, (await caseOf('bike_report', anonymised.id)).id)).toMatchObject({
      ok: true,
      reporterMailed: false,
    });
    expect(await completeReport(ctx(), anna, (await caseOf('bike_report', english.id)).id)).toEqual({
      ok: false,
      error: 'done',
    });
    expect(await auditActions(english.id)).toEqual(['anna:bike-report.complete']);
  });

  it('completes a vehicle damage report, mailing the reporter only when an address was left', async () => {
    fixture = await createAccountFixture(backend);
    const damage = async (contactEmail: string | null) => {
      const [row] = await db()
        .insert(damageReports)
        .values({
          reference: `S-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
          licencePlate: 'B-AB 1234',
          damageKind: 'dent',
          damagePosition: 'rear',
          locationLat: 52.52,
          locationLon: 13.405,
          locationSource: 'position',
          seenAt: new Date('2026-06-01T08:00:00Z'),
          contactEmail,
          contactPhone: contactEmail ? null : '+4915112345678',
          locale: 'de',
        })
        .returning();
      return row!;
    };
    const mailed = await damage('fahrerin@example.org');
    const phoneOnly = await damage(null);
    const mailedCase = await caseOf('vehicle_report', mailed.id);
    expect((await getCase(ctx(), anna, mailedCase.id))?.source).toMatchObject({
      kind: 'vehicle_report',
      report: { reference: mailed.reference, licencePlate: 'B-AB 1234' },
      photoCount: 0,
    });
    // A vehicle report is not a bike report.
    expect(await completeReport(ctx(), anna, mailedCase.id)).toEqual({ ok: false, error: 'wrong-kind' });
    expect(await completeVehicleReport(ctx(), anna, mailedCase.id)).toMatchObject({
      ok: true,
      reporterMailed: true,
      case: { state: 'done', outcome: 'completed' },
    });
    expect(await mailsTo('fahrerin@example.org')).toMatchObject([
      { kind: 'damage-report-done', subject: `Deine Schadensmeldung ${mailed.reference} ist erledigt` },
    ]);
    expect(await completeVehicleReport(ctx(), ben, (await caseOf('vehicle_report', phoneOnly.id)).id)).toMatchObject({
      ok: true,
      reporterMailed: false,
    });
    // Every entry carries the origin of the request that wrote it.
    const entries = await db().select().from(auditLog).orderBy(asc(auditLog.id));
    expect(entries.map((entry) => [entry.action, entry.requestId, entry.ipHash])).toEqual([
      ['case.view', 'req-anna', 'hash-anna'],
      ['damage-report.complete', 'req-anna', 'hash-anna'],
      ['case.close', 'req-anna', 'hash-anna'],
      ['damage-report.complete', 'req-ben', 'hash-ben'],
      ['case.close', 'req-ben', 'hash-ben'],
    ]);
  });

  it('carries out a deletion request only once the legal checks pass, keeping what the law requires apart', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer();
    const requestedAt = new Date('2026-06-01T10:00:00Z');
    await db().update(customers).set({ deletionRequestedAt: requestedAt }).where(eq(customers.id, erika));
    await db()
      .insert(sessions)
      .values({ idHash: 'h', customerId: erika, expiresAt: new Date('2027-01-01') });
    const report = await bikeReport({ customerId: erika, contactEmail: 'erika@example.org' });
    const [damage] = await db()
      .insert(damageReports)
      .values({
        reference: 'S-TEST-0001',
        licencePlate: 'B-AB 1234',
        damageKind: 'dent',
        damagePosition: 'rear',
        locationLat: 52.52,
        locationLon: 13.4,
        locationSource: 'position',
        seenAt: requestedAt,
        description: 'Beule hinten links, Erika Mustermann',
        contactEmail: 'erika@example.org',
        customerId: erika,
        locale: 'de',
      })
      .returning();
    await db()
      .insert(drivingLicences)
      .values({ customerId: erika, number: 'B072RRE2I55', issuingCountry: 'DE', issuedOn: '2010-05-01' });
    const [ride] = await db()
      .insert(trips)
      .values({
        tripId: randomUUID(),
        customerNumber: '100001',
        customerId: erika,
        deviceId: 'bike-1',
        vehicleType: 'bicycle',
        propulsionTypes: ['human'],
        startTime: may14,
        endTime: new Date(may14.getTime() + 20 * 60_000),
        startLocation: { lat: 52.52, lng: 13.405 },
        endLocation: { lat: 52.5, lng: 13.42 },
        priceCents: 100,
        chargedCents: 100,
      })
      .returning();
    const row = await caseOf('deletion_request', erika);

    // The contract still runs: refused with the reason, the case stays open.
    const blocked = await carryOutDeletion(ctx(), anna, row.id, { now: june10 });
    expect(blocked).toMatchObject({ ok: false, error: 'blocked', blockers: [{ reason: 'contract-not-ended' }] });
    expect((await db().select().from(cases).where(eq(cases.id, row.id)))[0]!.state).toBe('new');

    await db().update(contracts).set({ state: 'ended', endDate: '2026-05-31' }).where(eq(contracts.customerId, erika));
    const [before] = await db().select().from(customers).where(eq(customers.id, erika));
    const done = await carryOutDeletion(ctx(), anna, row.id, { now: june10 });
    // Invoices and bookings are kept 8 years (docs/rules/back-office.md#case-queues).
    expect(done).toMatchObject({ ok: true, retainUntil: '2034-06-10', case: { state: 'done', outcome: 'deleted' } });

    const [after] = await db().select().from(customers).where(eq(customers.id, erika));
    expect(after).toMatchObject({ firstName: '', lastName: '', phoneE164: '', addressText: '', deletedAt: june10 });
    expect(after!.email).not.toContain('erika');
    expect(await db().select().from(sessions).where(eq(sessions.customerId, erika))).toEqual([]);
    expect((await db().select().from(bikeReports).where(eq(bikeReports.id, report.id)))[0]).toMatchObject({
      customerId: null,
      contactEmail: null,
    });
    expect((await db().select().from(damageReports).where(eq(damageReports.id, damage!.id)))[0]).toMatchObject({
      customerId: null,
      contactEmail: null,
      description: null,
      licencePlate: 'B-AB 1234',
    });
    expect(await db().select().from(drivingLicences).where(eq(drivingLicences.customerId, erika))).toEqual([]);
    // The ride stays as the booking's basis, without where it began and ended.
    expect((await db().select().from(trips).where(eq(trips.id, ride!.id)))[0]).toMatchObject({
      priceCents: 100,
      startLocation: null,
      endLocation: null,
    });
    // The contract and the retained identity stay, apart from the erased account.
    expect(await db().select().from(contracts).where(eq(contracts.customerId, erika))).toHaveLength(1);
    expect(await db().select().from(retainedCustomerRecords)).toEqual([
      expect.objectContaining({
        customerId: erika,
        customerNumber: before!.customerNumber,
        name: 'Erika Mustermann',
        email: 'erika@example.org',
        retainUntil: '2034-06-10',
      }),
    ]);
    const deletionDone = (await mailsTo('erika@example.org')).find((mail) => mail.kind === 'deletion-done');
    expect(deletionDone?.text).toContain('Rechnungen und Buchungen müssen wir von Gesetzes wegen 8 Jahre aufbewahren');
    expect(await auditActions(erika)).toEqual(['anna:deletion.carry-out']);
    expect(await carryOutDeletion(ctx(), anna, row.id, { now: june10 })).toEqual({ ok: false, error: 'done' });
  });

  it('refuses a deletion request with a reason the customer receives, and lets the customer ask again', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer();
    await db().update(customers).set({ deletionRequestedAt: may14 }).where(eq(customers.id, erika));
    const row = await caseOf('deletion_request', erika);

    expect(await refuseDeletion(ctx(), anna, row.id, { reason: '  ' })).toEqual({ ok: false, error: 'invalid' });
    const reason = 'Your contract runs until 31 May 2026; please ask again after that.';
    expect(await refuseDeletion(ctx(), anna, row.id, { reason })).toMatchObject({
      ok: true,
      case: { state: 'done', outcome: 'refused', outcomeText: reason },
    });
    const [account] = await db().select().from(customers).where(eq(customers.id, erika));
    expect(account!.deletionRequestedAt).toBeNull();
    const refusal = (await mailsTo('erika@example.org')).find((mail) => mail.kind === 'deletion-refused');
    expect(refusal?.text).toContain(reason);
    expect(await auditActions(erika)).toEqual(['anna:deletion.refuse']);

    // Asking again is a new case.
    await db().update(customers).set({ deletionRequestedAt: june10 }).where(eq(customers.id, erika));
    expect((await listCases(ctx(), { kind: 'deletion_request', state: 'new' })).total).toBe(1);
  });

  it('retries a failed mail once, a new failure is a new case, and a failed SMS without text is not retried', async () => {
    fixture = await createAccountFixture(backend);
    const [mail] = await db()
      .insert(outbox)
      .values({
        recipient: 'x@example.org',
        subject: 'Subject',
        text: 'Body',
        html: '<p>Body</p>',
        kind: 'k',
        attempts: 8,
        failedAt: may14,
        lastError: '550 mailbox unavailable',
      })
      .returning();
    const row = await caseOf('failed_mail', mail!.id);
    expect(await retryMessage(ctx(), anna, row.id, { now: june10 })).toMatchObject({
      ok: true,
      case: { state: 'done', outcome: 'retried' },
    });
    const [due] = await db().select().from(outbox).where(eq(outbox.id, mail!.id));
    expect(due).toMatchObject({ failedAt: null, attempts: 0, nextAttemptAt: june10, text: 'Body' });
    expect(await retryMessage(ctx(), anna, row.id)).toEqual({ ok: false, error: 'done' });
    expect(await auditActions(mail!.id)).toEqual(['anna:mail.retry']);

    const again = new Date('2026-06-10T12:00:00Z');
    await db().update(outbox).set({ failedAt: again, attempts: 8 }).where(eq(outbox.id, mail!.id));
    const open = await listCases(ctx(), { kind: 'failed_mail', state: 'new' });
    expect(open.cases).toEqual([expect.objectContaining({ sourceId: mail!.id, occurredAt: again })]);

    const [sms] = await db()
      .insert(smsOutbox)
      .values({ recipient: '+4915123456789', text: '', attempts: 5, failedAt: may14 })
      .returning();
    const smsCase = await caseOf('failed_sms', sms!.id);
    expect(await retryMessage(ctx(), anna, smsCase.id)).toEqual({ ok: false, error: 'text-gone' });
    expect(await retryMessage(ctx(), anna, open.cases[0]!.id)).toMatchObject({ ok: true });
  });
});

describe('the account holder’s mail after a match', () => {
  const notice = {
    firstName: 'Erika',
    customerNumber: '1000042',
    reference: 'K-ABCD-EFGH',
    receivedAt: may14,
    kind: 'withdrawal' as const,
    confirmationEmail: 'erika.old@example.org',
  };
  const url = 'https://example.org/de/kundenbereich/vertrag';

  it('says a withdrawal within its period ended the contract at once', () => {
    const mail = declarationAppliedMail({ ...notice, applied: { as: 'withdrawal' } }, url, 'de', brandProfiles.cab);
    expect(mail.subject).toBe('Dein Widerruf ist eingetragen (K-ABCD-EFGH)');
    expect(mail.text).toContain('am 14.05.2026, 12:00 MESZ ist bei uns ein Widerruf deines Vertrags eingegangen');
    expect(mail.text).toContain('Dein Vertrag ist damit widerrufen und sofort beendet.');
    expect(mail.text).not.toContain('Vertragsende');
  });

  it('says a withdrawal after its period was applied as a cancellation, with the end date', () => {
    const mail = declarationAppliedMail(
      {
        ...notice,
        applied: {
          as: 'cancellation',
          effectiveEndDate: '2026-06-30',
          adjusted: false,
          revocable: true,
          lateWithdrawal: true,
        },
      },
      url,
      'en',
      brandProfiles.cab,
    );
    expect(mail.subject).toBe('Your withdrawal has been applied as a cancellation (K-ABCD-EFGH)');
    expect(mail.text).toContain('on 14 May 2026, 12:00 CEST we received a withdrawal of your contract');
    expect(mail.text).toContain(
      'after the 14-day withdrawal period had passed, so we have treated it as a cancellation',
    );
    expect(mail.text).toContain('End of contract: at the end of 30 Jun 2026.');
    expect(mail.text).toContain('You can take the cancellation back in the self-service area');
  });
});

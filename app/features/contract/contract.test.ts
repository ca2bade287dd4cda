import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { cancellations, contracts, customers, outbox, tariffChanges } from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import { createAccountFixture, registration, type AccountFixture } from '../../../tests/support/account-fixtures';
import { databaseBackends } from '../../../tests/support/test-databases';
import {
  allowPublicCancellation,
  declareCancellation,
  matchCustomer,
  nameMatches,
  withdrawCancellation,
  type Declarant,
  type DeclarationOutcome,
} from './cancellation.server';
import type { Declaration } from './declaration';
import { confirmationFromQuery, declarationConfirmationQuery } from './declaration-confirmation.server';
import { applyDueTariffChanges, settleContract } from './contract-settlement.server';
import { loadContract } from './contract.server';
import { requestTariffChange, withdrawTariffChange } from './tariff-change.server';

/** 14 May 2026, noon in Berlin. */
const may14 = new Date('2026-05-14T10:00:00Z');
const at = (berlinDay: string) => new Date(`${berlinDay}T10:00:00Z`);

describe.each(databaseBackends)('contract, cancellation and tariff change on %s', (backend) => {
  let fixture: AccountFixture;
  afterEach(async () => {
    await fixture?.database.dispose();
  });

  const db = () => fixture.context.db;

  /** What a page behind the auth guard reads: the guard settles the contract first. */
  async function pageContract(customerId: string, now: Date) {
    await settleContract(db(), customerId, now);
    return loadContract(db(), customerId, now);
  }

  async function customer(overrides: Parameters<typeof registration>[0] = {}, now = may14) {
    const outcome = await registerCustomer(fixture.context, registration(overrides), { locale: 'de', now });
    if (outcome.kind !== 'created') throw new Error('not created');
    const [row] = await db().select().from(customers).where(eq(customers.id, outcome.customerId));
    return row!;
  }
  const contractOf = async (customerId: string) =>
    (await db().select().from(contracts).where(eq(contracts.customerId, customerId)))[0]!;
  const mailsTo = async (to: string) =>
    (await db().select().from(outbox).where(eq(outbox.recipient, to))).map((mail) => mail.kind);

  const declaration = (overrides: Partial<Declaration> = {}): Declaration => ({
    kind: 'ordinary',
    name: 'Erika Mustermann',
    identifier: 'erika@example.org',
    contractLabel: 'Call a Bike – Kundenvertrag (Fahrradverleih)',
    confirmationEmail: 'erika@example.org',
    ...overrides,
  });
  const anonymous = { kind: 'public', sessionCustomerId: null, clientIp: '192.0.2.1' } as const;

  it('stores a public declaration with its received time for a matching and a non-matching identifier alike', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer({ tariffId: 'komfort-monat' });

    const matched = await declareCancellation(fixture.context, declaration(), anonymous, { locale: 'de', now: may14 });
    const unmatched = await declareCancellation(
      fixture.context,
      declaration({ identifier: 'nobody@example.org', confirmationEmail: 'nobody@example.org' }),
      anonymous,
      { locale: 'de', now: may14 },
    );

    // The same kind of answer: a confirmation with reference and received time, never "not found".
    expect(matched.kind).toBe('received');
    expect(unmatched.kind).toBe('received');
    if (matched.kind !== 'received' || unmatched.kind !== 'received') return;
    // Nothing in the public answer tells whether an account matched: no end date, no adjustment.
    expect(Object.keys(unmatched.confirmation).sort()).toEqual(Object.keys(matched.confirmation).sort());
    expect(matched.confirmation).toMatchObject({ receivedAt: may14.toISOString(), effectiveEndDate: null });
    expect(unmatched.confirmation).toMatchObject({ receivedAt: may14.toISOString(), effectiveEndDate: null });
    expect(matched.confirmation.reference).toMatch(/^K-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const stored = await db().select().from(cancellations);
    expect(stored).toHaveLength(2);
    expect(stored.find((row) => row.reference === matched.confirmation.reference)).toMatchObject({
      receivedAt: may14,
      kind: 'ordinary',
      identifier: 'erika@example.org',
      customerId: erika.id,
      effectiveEndDate: '2026-05-31',
      requestedEndDate: null,
    });
    expect(stored.find((row) => row.reference === unmatched.confirmation.reference)).toMatchObject({
      receivedAt: may14,
      identifier: 'nobody@example.org',
      customerId: null,
      contractId: null,
      effectiveEndDate: null,
    });
    // Each declarant gets the same confirmation at the address they gave; the end date goes only to
    // the matched account's own address.
    expect(await mailsTo('erika@example.org')).toEqual([
      'verify-email',
      'cancellation-confirmation',
      'cancellation-notice',
    ]);
    expect(await mailsTo('nobody@example.org')).toEqual(['cancellation-confirmation']);
    const confirmationTo = (to: string) =>
      fixture.queuedMails.find((m) => m.to === to && m.subject.startsWith('Eingangsbestätigung'))!;
    const mail = confirmationTo('erika@example.org');
    expect(mail.text).toContain(matched.confirmation.reference);
    expect(mail.text).toContain('Eingegangen am: 14.05.2026, 12:00 MESZ');
    expect(mail.text).not.toContain('31.05.2026');
    const blanked = (text: string, ...values: string[]) =>
      values.reduce((out, value) => out.replaceAll(value, '…'), text);
    expect(blanked(mail.text, matched.confirmation.reference, 'erika@example.org')).toBe(
      blanked(confirmationTo('nobody@example.org').text, unmatched.confirmation.reference, 'nobody@example.org'),
    );
    const notice = fixture.queuedMails.find((m) => m.to === 'erika@example.org' && m.text.includes('31.05.2026'));
    expect(notice?.text).toContain('Dein Vertrag endet mit Ablauf des 31.05.2026');
  });

  it('moves a matched contract to cancellation_requested with the earliest or the chosen later end date', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer({ tariffId: 'komfort-jahr' });
    const max = await customer({ firstName: 'Max', lastName: 'Müller', email: 'max@example.org' });

    // By customer number, the name written differently; the annual tariff's first term ends 13 May 2027.
    await declareCancellation(
      fixture.context,
      declaration({ identifier: erika.customerNumber, name: 'MUSTERMANN, erika' }),
      anonymous,
      { locale: 'de', now: may14 },
    );
    expect(await contractOf(erika.id)).toMatchObject({ state: 'cancellation_requested', endDate: '2027-05-13' });

    await declareCancellation(
      fixture.context,
      declaration({ identifier: 'max@example.org', name: 'Max Mueller', endDate: '2026-09-30' }),
      anonymous,
      { locale: 'de', now: may14 },
    );
    // "Mueller" is not "Müller": the declaration is stored, the contract stays as it is.
    expect(await contractOf(max.id)).toMatchObject({ state: 'active', endDate: null });
    await declareCancellation(
      fixture.context,
      declaration({ identifier: 'max@example.org', name: 'Max Muller', endDate: '2026-09-30' }),
      anonymous,
      { locale: 'de', now: may14 },
    );
    expect(await contractOf(max.id)).toMatchObject({ state: 'cancellation_requested', endDate: '2026-09-30' });
    // The owner hears of it at the account's address, as the confirmation went elsewhere.
    expect(await mailsTo('max@example.org')).toEqual(['verify-email', 'cancellation-notice']);
  });

  it('refuses too early a date where the declarant sees their contract, and reads it as the earliest elsewhere', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer({ tariffId: 'komfort-monat' });

    const refused = await declareCancellation(
      fixture.context,
      declaration({ endDate: '2026-05-20' }),
      { kind: 'customer', customerId: erika.id },
      { locale: 'de', now: may14 },
    );
    expect(refused).toEqual({
      kind: 'invalid',
      field: 'endDate',
      message: 'cancel.end-date.too-early?date=31.05.2026',
    });
    expect(await db().select().from(cancellations)).toEqual([]);
    expect((await contractOf(erika.id)).state).toBe('active');

    const adjusted = await declareCancellation(
      fixture.context,
      declaration({ endDate: '2026-05-20', confirmationEmail: 'other@example.org' }),
      anonymous,
      { locale: 'en', now: may14 },
    );
    expect(adjusted).toMatchObject({
      kind: 'received',
      confirmation: { requestedEndDate: '2026-05-20', effectiveEndDate: null, adjusted: false },
    });
    expect(await contractOf(erika.id)).toMatchObject({ state: 'cancellation_requested', endDate: '2026-05-31' });
    // Confirmation to the given address, a notice with the adjusted end date to the account's own.
    expect(await mailsTo('other@example.org')).toEqual(['cancellation-confirmation']);
    expect(await mailsTo('erika@example.org')).toContain('cancellation-notice');
    const notice = fixture.queuedMails.find((m) => m.to === 'erika@example.org' && m.text.includes('31.05.2026'));
    expect(notice?.text).toContain('Der gewünschte Termin liegt vor dem frühestmöglichen Vertragsende');
  });

  it('withdraws a pending cancellation until its end date, with a mail; afterwards the contract has ended', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer({ tariffId: 'basis' });
    const self = { kind: 'customer', customerId: erika.id } as const;

    await declareCancellation(fixture.context, declaration(), self, { locale: 'de', now: may14 });
    expect((await contractOf(erika.id)).state).toBe('cancellation_requested');
    // On the end date itself it can still be withdrawn.
    expect(await withdrawCancellation(fixture.context, erika.id, { locale: 'de', now: at('2026-05-31') })).toEqual({
      ok: true,
    });
    expect(await contractOf(erika.id)).toMatchObject({ state: 'active', endDate: null });
    const [withdrawn] = await db().select().from(cancellations);
    expect(withdrawn?.withdrawnAt).toEqual(at('2026-05-31'));
    expect(await mailsTo('erika@example.org')).toContain('cancellation-withdrawn');
    expect(await withdrawCancellation(fixture.context, erika.id, { locale: 'de', now: may14 })).toEqual({
      ok: false,
      error: 'contract.withdraw.none',
    });

    // Cancelled again; the day after the end date the contract has ended and stays so.
    await declareCancellation(fixture.context, declaration(), self, { locale: 'de', now: at('2026-06-02') });
    expect((await pageContract(erika.id, at('2026-06-30')))?.state).toBe('cancellation_requested');
    expect(await pageContract(erika.id, at('2026-07-01'))).toMatchObject({
      state: 'ended',
      endDate: '2026-06-30',
    });
    expect(await withdrawCancellation(fixture.context, erika.id, { locale: 'de', now: at('2026-07-01') })).toEqual({
      ok: false,
      error: 'contract.withdraw.too-late',
    });
  });

  it('applies an upgrade at once and restarts the term', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer({ tariffId: 'basis' }, at('2025-02-03'));

    expect(await requestTariffChange(fixture.context, erika.id, 'komfort-jahr', { locale: 'de', now: may14 })).toEqual({
      ok: true,
      kind: 'applied',
      tariffId: 'komfort-jahr',
    });
    expect(await contractOf(erika.id)).toMatchObject({
      tariffId: 'komfort-jahr',
      tariffSince: '2026-05-14',
      startDate: '2025-02-03',
    });
    expect(await db().select().from(tariffChanges)).toMatchObject([
      { fromTariffId: 'basis', toTariffId: 'komfort-jahr', state: 'applied', effectiveDate: '2026-05-14' },
    ]);
    expect(await mailsTo('erika@example.org')).toContain('tariff-change-applied');
    const overview = await pageContract(erika.id, may14);
    expect(overview).toMatchObject({ firstTermEnd: '2027-05-13', earliestEndDate: '2027-05-13' });
  });

  it('keeps a downgrade pending until the end of the month and applies it lazily when the contract is read', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer({ tariffId: 'komfort-monat' }, at('2026-01-10'));

    expect(await requestTariffChange(fixture.context, erika.id, 'basis', { locale: 'de', now: may14 })).toEqual({
      ok: true,
      kind: 'pending',
      tariffId: 'basis',
      effectiveDate: '2026-06-01',
    });
    expect((await contractOf(erika.id)).tariffId).toBe('komfort-monat');
    // Only one pending change at a time.
    expect(await requestTariffChange(fixture.context, erika.id, 'komfort-jahr', { locale: 'de', now: may14 })).toEqual({
      ok: false,
      error: 'tariff-change.pending-exists',
    });

    const before = await pageContract(erika.id, at('2026-05-31'));
    expect(before).toMatchObject({ tariff: { id: 'komfort-monat' }, pendingChange: { effectiveDate: '2026-06-01' } });
    expect(before?.pendingChange?.toTariff.id).toBe('basis');

    const after = await pageContract(erika.id, at('2026-06-01'));
    expect(after).toMatchObject({ tariff: { id: 'basis' }, tariffSince: '2026-06-01', pendingChange: null });
    expect(await db().select().from(tariffChanges)).toMatchObject([{ state: 'applied', toTariffId: 'basis' }]);
    // Applying twice changes nothing.
    const contract = await contractOf(erika.id);
    expect(await applyDueTariffChanges(db(), contract.id, at('2026-06-02'))).toBe(0);
  });

  it('waits with a downgrade of the annual tariff until its first term ends, and can withdraw it', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer({ tariffId: 'komfort-jahr' }, at('2026-03-15'));

    expect(await requestTariffChange(fixture.context, erika.id, 'komfort-monat', { locale: 'de', now: may14 })).toEqual(
      {
        ok: true,
        kind: 'pending',
        tariffId: 'komfort-monat',
        effectiveDate: '2027-03-15',
      },
    );
    expect(await withdrawTariffChange(db(), erika.id, may14)).toBe(true);
    expect(await withdrawTariffChange(db(), erika.id, may14)).toBe(false);
    expect(await pageContract(erika.id, at('2027-04-01'))).toMatchObject({
      tariff: { id: 'komfort-jahr' },
      pendingChange: null,
    });
    expect(await db().select().from(tariffChanges)).toMatchObject([{ state: 'withdrawn' }]);
  });

  it('refuses a tariff change while a cancellation is pending, and one to an unknown or the same tariff', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer({ tariffId: 'basis' });
    const change = (to: string) => requestTariffChange(fixture.context, erika.id, to, { locale: 'de', now: may14 });

    expect(await change('basis')).toEqual({ ok: false, error: 'tariff-change.same' });
    expect(await change('flinkster-flex')).toEqual({ ok: false, error: 'tariff.required' });
    expect(await change('no-such-tariff')).toEqual({ ok: false, error: 'tariff.required' });

    await declareCancellation(
      fixture.context,
      declaration(),
      { kind: 'customer', customerId: erika.id },
      {
        locale: 'de',
        now: may14,
      },
    );
    expect(await change('komfort-monat')).toEqual({ ok: false, error: 'tariff-change.cancellation-pending' });
    expect((await contractOf(erika.id)).tariffId).toBe('basis');
    expect(await db().select().from(tariffChanges)).toEqual([]);
  });

  it('lets a pending downgrade lapse when the contract ends before it would apply', async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer({ tariffId: 'komfort-jahr' }, at('2026-03-15'));
    await requestTariffChange(fixture.context, erika.id, 'basis', { locale: 'de', now: may14 });
    // The tariff change stays pending; the contract is cancelled to a date before it.
    await declareCancellation(
      fixture.context,
      declaration(),
      { kind: 'customer', customerId: erika.id },
      { locale: 'de', now: may14 },
    );
    expect(await contractOf(erika.id)).toMatchObject({ endDate: '2027-03-14' });
    expect(await pageContract(erika.id, at('2027-03-20'))).toMatchObject({
      state: 'ended',
      tariff: { id: 'komfort-jahr' },
      pendingChange: null,
    });
    expect(await db().select().from(tariffChanges)).toMatchObject([{ state: 'withdrawn' }]);
  });

  describe('a repeated submission', () => {
    const minute = 60 * 1000;
    const declare = (now: Date, overrides: Partial<Declaration> = {}, declarant: Declarant = anonymous) =>
      declareCancellation(fixture.context, declaration(overrides), declarant, { locale: 'de', now });
    const referenceOf = (outcome: DeclarationOutcome) =>
      outcome.kind === 'received' ? outcome.confirmation.reference : null;

    it('within ten minutes answers with the first declaration: no second row, no second mail', async () => {
      fixture = await createAccountFixture(backend);
      await customer({ tariffId: 'komfort-monat' });
      const first = await declare(may14);
      // A reload or back-and-send again: the same content, typed a little differently.
      const again = await declare(new Date(may14.getTime() + 9 * minute), {
        name: '  erika   MUSTERMANN ',
        confirmationEmail: 'Erika@Example.org',
      });

      expect(again).toEqual(first);
      expect(await db().select().from(cancellations)).toHaveLength(1);
      expect(await mailsTo('erika@example.org')).toEqual([
        'verify-email',
        'cancellation-confirmation',
        'cancellation-notice',
      ]);
    });

    it('stores one declaration when two identical submissions arrive together', async () => {
      fixture = await createAccountFixture(backend);
      await customer({ tariffId: 'komfort-monat' });
      const outcomes = await Promise.all([declare(may14), declare(may14), declare(may14)]);

      expect(new Set(outcomes.map(referenceOf)).size).toBe(1);
      expect(referenceOf(outcomes[0]!)).toMatch(/^K-/);
      expect(await db().select().from(cancellations)).toHaveLength(1);
      expect(await mailsTo('erika@example.org')).toEqual([
        'verify-email',
        'cancellation-confirmation',
        'cancellation-notice',
      ]);
    });

    it('is a new declaration after ten minutes, with other content or from another sender', async () => {
      fixture = await createAccountFixture(backend);
      await customer({ tariffId: 'komfort-monat' });
      const first = await declare(may14);
      const later = await declare(new Date(may14.getTime() + 10 * minute + 1000));
      const otherDate = await declare(may14, { endDate: '2026-06-30' });
      const otherSender = await declare(may14, {}, { ...anonymous, clientIp: '198.51.100.7' });
      // Once past its window, a declaration no longer stands for later repeats.
      const afterLater = await declare(new Date(may14.getTime() + 11 * minute));

      const references = [first, later, otherDate, otherSender].map(referenceOf);
      expect(new Set(references).size).toBe(4);
      expect(referenceOf(afterLater)).toBe(referenceOf(later));
      expect(await db().select().from(cancellations)).toHaveLength(4);
    });
  });

  it('shows a declaration at its signed confirmation address, and nothing for a forged or unknown one', async () => {
    fixture = await createAccountFixture(backend);
    const outcome = await declareCancellation(fixture.context, declaration(), anonymous, { locale: 'de', now: may14 });
    if (outcome.kind !== 'received') throw new Error('not received');
    const query = declarationConfirmationQuery(outcome.confirmation.reference, 'secret-1');
    expect([...query.keys()]).toEqual(['reference', 'issued', 'signature']);
    expect(query.toString()).not.toMatch(/erika|example/i);

    expect(await confirmationFromQuery(db(), query, 'secret-1')).toEqual(outcome.confirmation);
    expect(await confirmationFromQuery(db(), query, 'secret-2')).toBeNull();
    const forged = new URLSearchParams(query);
    forged.set('reference', 'K-0000-0000');
    expect(await confirmationFromQuery(db(), forged, 'secret-1')).toBeNull();
    // A rightly signed reference that names no declaration shows nothing either.
    const unknown = declarationConfirmationQuery('K-0000-0000', 'secret-1');
    expect(await confirmationFromQuery(db(), unknown, 'secret-1')).toBeNull();
  });

  it('shows the confirmation for a day, and not with a later issue time than was signed', async () => {
    fixture = await createAccountFixture(backend);
    const outcome = await declareCancellation(fixture.context, declaration(), anonymous, { locale: 'de', now: may14 });
    if (outcome.kind !== 'received') throw new Error('not received');
    const issuedAt = new Date('2026-05-14T10:00:00Z');
    const query = declarationConfirmationQuery(outcome.confirmation.reference, 'secret-1', issuedAt);
    const hoursLater = (hours: number) => new Date(issuedAt.getTime() + hours * 3_600_000);

    expect(await confirmationFromQuery(db(), query, 'secret-1', hoursLater(23))).toEqual(outcome.confirmation);
    expect(await confirmationFromQuery(db(), query, 'secret-1', hoursLater(25))).toBeNull();
    const extended = new URLSearchParams(query);
    extended.set('issued', String(Math.floor(hoursLater(24).getTime() / 1000)));
    expect(await confirmationFromQuery(db(), extended, 'secret-1', hoursLater(25))).toBeNull();
  });

  it("never changes another customer's contract", async () => {
    fixture = await createAccountFixture(backend);
    const erika = await customer({ tariffId: 'komfort-monat' });
    const max = await customer({ firstName: 'Max', lastName: 'Schmidt', email: 'max@example.org', tariffId: 'basis' });
    const erikaBefore = await contractOf(erika.id);

    // Max acts in his own self-service area: only his contract changes.
    await requestTariffChange(fixture.context, max.id, 'komfort-jahr', { locale: 'de', now: may14 });
    await declareCancellation(
      fixture.context,
      declaration({ name: 'Max Schmidt', identifier: 'erika@example.org', confirmationEmail: 'max@example.org' }),
      { kind: 'customer', customerId: max.id },
      { locale: 'de', now: may14 },
    );
    expect(await withdrawCancellation(fixture.context, max.id, { locale: 'de', now: may14 })).toEqual({ ok: true });
    expect(await withdrawTariffChange(db(), max.id, may14)).toBe(false);
    // On the public page, Erika's email with Max's name matches nobody, even for Max's session.
    await declareCancellation(
      fixture.context,
      declaration({ name: 'Max Schmidt', identifier: 'erika@example.org', confirmationEmail: 'max@example.org' }),
      { kind: 'public', sessionCustomerId: max.id, clientIp: '192.0.2.1' },
      { locale: 'de', now: may14 },
    );

    expect(await contractOf(erika.id)).toEqual(erikaBefore);
    expect(await contractOf(max.id)).toMatchObject({ tariffId: 'komfort-jahr', state: 'active' });
    const erikasDeclarations = await db().select().from(cancellations).where(eq(cancellations.customerId, erika.id));
    expect(erikasDeclarations).toEqual([]);
    expect(await mailsTo('erika@example.org')).toEqual(['verify-email']);
  });
});

describe('the public form', () => {
  it('takes at most ten declarations per IP address and hour', async () => {
    let now = 0;
    const store = memoryRateLimitStore(() => now);
    for (let i = 0; i < 10; i++) expect(await allowPublicCancellation(store, '192.0.2.1')).toBe(true);
    expect(await allowPublicCancellation(store, '192.0.2.1')).toBe(false);
    expect(await allowPublicCancellation(store, '192.0.2.2')).toBe(true);
    now += 60 * 60 * 1000;
    expect(await allowPublicCancellation(store, '192.0.2.1')).toBe(true);
  });
});

describe('matching a public declaration', () => {
  it('needs the holder’s name: the whole last name and the first name or its initial, nothing else', () => {
    const erika = { firstName: 'Erika', lastName: 'Mustermann' };
    expect(nameMatches('Erika Mustermann', erika)).toBe(true);
    expect(nameMatches('MUSTERMANN, Erika', erika)).toBe(true);
    expect(nameMatches('E. Mustermann', erika)).toBe(true);
    expect(nameMatches('Jörg Groß', { firstName: 'Jörg', lastName: 'Gross' })).toBe(true);
    expect(nameMatches('Jorg Gross', { firstName: 'Jörg', lastName: 'Groß' })).toBe(true);
    expect(nameMatches('Anna Meyer-Lüdenscheidt', { firstName: 'Anna', lastName: 'Meyer-Lüdenscheidt' })).toBe(true);
    expect(nameMatches('Anna Mustermann', { firstName: 'Anna Maria', lastName: 'Mustermann' })).toBe(true);
    expect(nameMatches('Erika Mustermannová', erika)).toBe(false);
    expect(nameMatches('Erika', erika)).toBe(false);
    expect(nameMatches('Mustermann', erika)).toBe(false);
    expect(nameMatches('Max Mustermann', erika)).toBe(false);
    expect(nameMatches('Erika Mustermann', { firstName: 'Erika', lastName: '' })).toBe(false);
    // A list of common surnames with any first name names nobody.
    expect(nameMatches('Max Müller Schmidt Schneider Fischer Weber Mustermann', erika)).toBe(false);
    expect(nameMatches('Erika Erika Mustermann', erika)).toBe(false);
  });

  it.each(databaseBackends)('matches nobody for an unknown identifier on %s', async (backend) => {
    const fixture = await createAccountFixture(backend);
    try {
      expect(await matchCustomer(fixture.context.db, '999999', 'Erika Mustermann')).toBeNull();
    } finally {
      await fixture.database.dispose();
    }
  });
});

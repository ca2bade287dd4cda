import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseFeeCharges, cancellations, contracts, creditLedger, outbox, payouts } from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { berlinDate } from '~/platform/berlin-date';
import { pagePath } from '~/i18n/route-table';
import { registration } from '../../../tests/support/account-fixtures';
import { createRouteHarness, formPost, type RouteHarness } from '../../../tests/support/route-harness';
import { createTestDatabase, databaseBackends } from '../../../tests/support/test-databases';
import * as cancelRoute from './cancel-contract';
import * as withdrawRoute from './withdraw-contract';

/**
 * The public cancellation and withdrawal forms must not tell a stranger whether the details matched an
 * account (docs/rules/contract-and-cancellation.md#withdrawal): a matched and an unmatched declaration
 * get the same status, headers and cookies, the same confirmation page and the same mail at the given
 * address, with the identifying values blanked. What applies goes to the account's own address.
 */

const day = 24 * 60 * 60 * 1000;

describe.each(databaseBackends)('the public declaration forms on %s', (backend) => {
  let harness: RouteHarness;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await harness?.dispose();
  });

  async function customer(email: string, [firstName, lastName]: [string, string], registeredDaysAgo = 0) {
    const now = new Date(Date.now() - registeredDaysAgo * day);
    const outcome = await registerCustomer(
      harness.services,
      registration({ email, firstName, lastName, tariffId: 'komfort-monat' }),
      { locale: 'de', now },
    );
    if (outcome.kind !== 'created') throw new Error('not created');
    return outcome.customerId;
  }

  const db = () => harness.services.database.db;
  const mailsTo = async (to: string) => db().select().from(outbox).where(eq(outbox.recipient, to));

  /** Sends a declaration and follows the redirect as the browser does; returns what the sender can see. */
  async function declare(
    route: typeof cancelRoute | typeof withdrawRoute,
    path: string,
    fields: Record<string, string>,
    clientIp: string,
  ) {
    const response = await harness.call(route.action, formPost(path, { csrf: 'x', website: '', ...fields }), clientIp);
    if (!(response instanceof Response)) throw new Error(`no redirect: ${JSON.stringify(response)}`);
    const location = new URL(response.headers.get('location')!, harness.services.config.publicUrl);
    const page = await harness.call(route.loader, new Request(location));
    const { csrf: _, ...shown } = page.data;
    const confirmation = shown.confirmation!;
    const mails = await mailsTo(fields.confirmationEmail!);
    return {
      status: response.status,
      headers: [...response.headers.entries()].filter(([name]) => name !== 'location'),
      path: location.pathname,
      confirmation,
      shown,
      mailTexts: mails.map((mail) => mail.text),
    };
  }

  /** What the sender sees with the values that identify this declaration blanked. */
  function blanked(answer: Awaited<ReturnType<typeof declare>>, ...values: string[]) {
    const all = [answer.confirmation.reference, answer.confirmation.receivedAt, ...values];
    const blank = (text: string) =>
      all.reduce((out, value) => out.replaceAll(value, '…'), text).replace(/\d{2}:\d{2} ME(S)?Z/g, '…');
    return {
      status: answer.status,
      headers: answer.headers,
      path: answer.path,
      page: blank(JSON.stringify(answer.shown)),
      mails: answer.mailTexts.map(blank),
    };
  }

  it('answers a matched and an unmatched cancellation the same; the holder gets the end date', async () => {
    harness = await createRouteHarness(backend);
    await customer('erika@example.org', ['Erika', 'Mustermann']);
    const path = pagePath('cancelContract', 'de');
    const form = (identifier: string, confirmationEmail: string) => ({
      kind: 'ordinary',
      name: 'Erika Mustermann',
      identifier,
      contract: 'cab',
      endDate: '',
      confirmationEmail,
    });

    const matched = await declare(cancelRoute, path, form('erika@example.org', 'a@example.net'), '198.51.100.1');
    const unmatched = await declare(cancelRoute, path, form('nobody@example.org', 'b@example.net'), '198.51.100.2');

    expect(matched.mailTexts).toHaveLength(1);
    expect(blanked(matched, 'erika@example.org', 'a@example.net')).toEqual(
      blanked(unmatched, 'nobody@example.org', 'b@example.net'),
    );
    const notice = (await mailsTo('erika@example.org')).find((mail) => mail.kind === 'cancellation-notice');
    expect(notice?.text).toMatch(/Dein Vertrag endet mit Ablauf des \d{2}\.\d{2}\.\d{4}\./);
  });

  it('answers a matched and an unmatched withdrawal the same, withdraws the matched contract and refunds', async () => {
    harness = await createRouteHarness(backend);
    const erika = await customer('erika@example.org', ['Erika', 'Mustermann'], 3);
    // A base fee charged for this month, and credit on the account: the withdrawal refunds the days from
    // today on and pays the balance out.
    const today = berlinDate();
    const [contract] = await db().select().from(contracts).where(eq(contracts.customerId, erika));
    const [charge] = await db()
      .insert(creditLedger)
      .values({ customerId: erika, kind: 'base_fee', amountCents: -900, reference: 'BF' })
      .returning();
    await db().insert(baseFeeCharges).values({
      contractId: contract!.id,
      ledgerEntryId: charge!.id,
      periodStart: contract!.startDate,
      periodEnd: today,
      amountCents: 900,
    });
    await db().insert(creditLedger).values({ customerId: erika, kind: 'top_up', amountCents: 2000, reference: 'T' });

    const path = pagePath('withdrawContract', 'de');
    const form = (identifier: string, confirmationEmail: string) => ({
      intent: 'confirm',
      name: 'Erika Mustermann',
      identifier,
      confirmationEmail,
    });
    const matched = await declare(withdrawRoute, path, form('erika@example.org', 'a@example.net'), '198.51.100.1');
    const unmatched = await declare(withdrawRoute, path, form('nobody@example.org', 'b@example.net'), '198.51.100.2');

    expect(matched.confirmation).toMatchObject({ kind: 'withdrawal', effectiveEndDate: null });
    expect(blanked(matched, 'erika@example.org', 'a@example.net')).toEqual(
      blanked(unmatched, 'nobody@example.org', 'b@example.net'),
    );
    expect(matched.mailTexts[0]).toContain('wir haben deinen Widerruf am');

    // The contract ended today; one day of a four-day period is refunded; the balance is paid out.
    const [after] = await db().select().from(contracts).where(eq(contracts.customerId, erika));
    expect(after).toMatchObject({ state: 'withdrawn', endDate: today });
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.customerId, erika));
    expect(ledger.find((row) => row.kind === 'refund')?.amountCents).toBe(225);
    expect(ledger.reduce((sum, row) => sum + row.amountCents, 0)).toBe(0);
    expect(await db().select().from(payouts)).toMatchObject([
      { customerId: erika, amountCents: 1325, state: 'due', reference: matched.confirmation.reference },
    ]);
    const [stored] = await db()
      .select()
      .from(cancellations)
      .where(eq(cancellations.reference, matched.confirmation.reference));
    expect(stored).toMatchObject({ kind: 'withdrawal', appliedAs: 'withdrawal', customerId: erika });
    const notice = (await mailsTo('erika@example.org')).find((mail) => mail.kind === 'withdrawal-notice');
    expect(notice?.subject).toBe('Dein Vertrag ist widerrufen');
    expect(notice?.text).toMatch(/2,25\s€ sind deinem Guthaben gutgeschrieben/);
    expect(notice?.text).toMatch(/Dein Guthaben von 13,25\s€ zahlen wir bis zum/);
  });

  it('answers a withdrawal after the 14 days as a cancellation, told to the holder', async () => {
    harness = await createRouteHarness(backend);
    const max = await customer('max@example.org', ['Max', 'Müller'], 30);
    await declare(
      withdrawRoute,
      pagePath('withdrawContract', 'en'),
      { intent: 'confirm', name: 'Max Müller', identifier: 'max@example.org', confirmationEmail: 'max@example.org' },
      '198.51.100.3',
    );
    const [contract] = await db().select().from(contracts).where(eq(contracts.customerId, max));
    expect(contract?.state).toBe('cancellation_requested');
    const notice = (await mailsTo('max@example.org')).find((mail) => mail.kind === 'withdrawal-notice');
    expect(notice?.subject).toBe('Dein Widerruf gilt als Kündigung');
    expect(notice?.text).toContain('als ordentliche Kündigung');
  });

  it('shows the declaration for review before the confirming button, and keeps what was typed', async () => {
    harness = await createRouteHarness(backend);
    const path = pagePath('withdrawContract', 'de');
    const fields = {
      csrf: 'x',
      name: 'Erika Mustermann',
      identifier: 'Erika@Example.org',
      confirmationEmail: 'a@example.net',
    };
    const review = await harness.call(withdrawRoute.action, formPost(path, { ...fields, intent: 'review' }));
    expect(review).toMatchObject({ review: { name: 'Erika Mustermann', identifier: 'erika@example.org' } });
    const invalid = await harness.call(
      withdrawRoute.action,
      formPost(path, { ...fields, identifier: 'x', intent: 'review' }),
    );
    expect(invalid).toMatchObject({ review: null, result: { error: { identifier: ['cancel.identifier.invalid'] } } });
    expect(await db().select().from(cancellations)).toEqual([]);
  });
});

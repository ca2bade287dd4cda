import { parseWithZod } from '@conform-to/zod/v4';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { brandProfiles } from '~/config/brand';
import { payment } from '~/config/payment';
import type { Database } from '~/db/client.server';
import { customers, outbox, paymentMethods } from '~/db/schema';
import { translator } from '~/i18n/translate';
import { sandboxBankVerifier } from '~/platform/bank-verification/sandbox.server';
import { sandboxPaymentProvider, type SandboxPaymentProvider } from '~/platform/payment-provider/sandbox.server';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { deriveBic } from './bank-directory.server';
import { ibanProblem, maskIban, normalizeIban } from './iban';
import {
  activePaymentMethod,
  changeToHosted,
  changeToSepa,
  previousPaymentMethods,
  startBankVerification,
  startHostedCheckout,
  upcomingMandateReference,
  type PaymentDeps,
} from './payment-methods.server';
import { sepaSchema } from './payment-schema';

const goodIban = 'DE89370400440532013000';
/** A valid IBAN (right check digits) that the sandbox verifier refuses: it ends in 0000. */
const unverifiableIban = 'DE94370400440532010000';
const otherGoodIban = 'DE44500105175407324931';

function sepaForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  form.set('intent', 'sepa');
  form.set('accountHolder', 'Erika Mustermann');
  form.set('consent', 'on');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** The messages of one field after parsing a form (none when it parses). */
function errorsOf(form: FormData, field: string): string[] | null | undefined {
  const submission = parseWithZod(form, { schema: sepaSchema });
  return submission.status === 'success' ? undefined : submission.error?.[field];
}

const ibanErrors = (iban: string) => errorsOf(sepaForm({ iban }), 'iban');

describe('IBAN rules of the SEPA form', () => {
  it('refuses an IBAN with a bad checksum with a clear message next to the field', () => {
    expect(ibanErrors('DE89 3704 0044 0532 0130 01')).toEqual(['payment.iban.checksum']);
    expect(translator('de', 'cab')('payment.iban.checksum')).toBe(
      'Die Prüfziffer dieser IBAN stimmt nicht. Bitte prüfe sie auf Tippfehler.',
    );
    expect(translator('en', 'cab')('payment.iban.checksum')).toContain('check digits');
  });

  it('checks country, format and the SEPA area, and accepts the IBAN however it is typed', () => {
    expect(ibanErrors('XX89370400440532013000')).toEqual(['payment.iban.country']);
    expect(ibanErrors('DE8937040044053201300')).toEqual(['payment.iban.format']);
    expect(ibanErrors('TR330006100519786457841326')).toEqual(['payment.iban.not-sepa']);
    expect(ibanErrors('')).toEqual(['required']);
    expect(ibanErrors(' de89 3704-0044 0532 0130 00 ')).toBeUndefined();
    expect(normalizeIban(' de89 3704 0044 0532 0130 00')).toBe(goodIban);
    expect(ibanProblem(goodIban)).toBeNull();
  });

  it('needs consent and, outside the EEA, a BIC', () => {
    const noConsent = sepaForm({ iban: goodIban });
    noConsent.delete('consent');
    expect(errorsOf(noConsent, 'consent')).toEqual(['payment.consent.required']);
    expect(errorsOf(sepaForm({ iban: 'GB82WEST12345698765432' }), 'bic')).toEqual(['payment.bic.required']);
    const withBic = parseWithZod(sepaForm({ iban: 'GB82WEST12345698765432', bic: 'nwbk gb 2l' }), {
      schema: sepaSchema,
    });
    expect(withBic.status).toBe('success');
    expect(errorsOf(sepaForm({ iban: goodIban, bic: 'NOTABIC' }), 'bic')).toEqual(['payment.bic.invalid']);
  });

  it('derives the BIC where the bank is known, and shows only country and last four digits', () => {
    expect(deriveBic(goodIban)).toBe('COBADEFFXXX');
    expect(deriveBic('DE02120300000000202051')).toBe('BYLADEM1001');
    expect(deriveBic('NL91ABNA0417164300')).toBeNull();
    expect(maskIban(goodIban)).toBe('DE•• •••• •••• •••• •••• 3000');
    expect(maskIban(goodIban).replace(/\D/g, '')).toBe('3000');
  });
});

async function insertCustomer(db: Database, email: string) {
  const [row] = await db
    .insert(customers)
    .values({
      customerNumber: sql`nextval('customer_number_seq')::text`,
      email,
      passwordHash: 'not-a-hash',
      salutation: 'none',
      firstName: 'Erika',
      lastName: 'Mustermann',
      birthDate: '1985-03-12',
      phoneE164: '+4915123456789',
      addressText: 'Unter den Linden 1 10117 Berlin',
      addressLat: 52.5171,
      addressLon: 13.3952,
      locale: 'de',
      termsVersion: '2026-01',
      termsAcceptedAt: new Date(),
      privacyVersion: '2026-01',
      privacyAcceptedAt: new Date(),
    })
    .returning({ id: customers.id, customerNumber: customers.customerNumber });
  return row!;
}

describe.each(databaseBackends)('payment methods on %s', (backend) => {
  let database: TestDatabase | undefined;
  let deps: PaymentDeps;
  let provider: SandboxPaymentProvider;
  const mails: { to: string; subject: string; text: string }[] = [];
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
    mails.length = 0;
  });
  async function setUp() {
    database = await createTestDatabase(backend);
    provider = sandboxPaymentProvider({ secret: 'test-secret', hostedPagePath: '/sandbox', sessionMs: 60_000 });
    deps = {
      db: database.handle.db,
      paymentProvider: provider,
      bankVerifier: sandboxBankVerifier({ secret: 'test-secret', tokenMs: 60_000 }),
      rateLimits: memoryRateLimitStore(),
      brand: brandProfiles.cab,
      creditorId: payment.defaultCreditorId,
      onMailQueued: (to, subject, text) => void mails.push({ to, subject, text }),
    };
  }
  const sepa = (customerId: string, iban: string, extra: { verificationToken?: string; now?: Date } = {}) =>
    changeToSepa(deps, {
      customerId,
      accountHolder: 'Erika Mustermann',
      iban,
      clientIp: '192.0.2.44',
      locale: 'de',
      ...extra,
    });
  const methodsOf = (customerId: string) =>
    deps.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, customerId));

  /** Runs the sandbox's hosted step as a browser would: picks the first test method offered. */
  async function hostedSession(customerId: string, kind: 'card' | 'paypal', pick = 0): Promise<string> {
    const redirectUrl = await startHostedCheckout(deps, customerId, {
      kind,
      returnUrl: 'https://kunden.example.com/de/kundenbereich/zahlungsmittel/aendern?kind=card',
      locale: 'de',
    });
    const start = new URL(redirectUrl, 'https://kunden.example.com').searchParams.get('start')!;
    const page = provider.hostedPage(start)!;
    return new URL(page.choices[pick]!.href).searchParams.get('session')!;
  }

  it('stores a verified SEPA mandate with reference, consent time and IP, and mails the mandate', async () => {
    await setUp();
    const erika = await insertCustomer(deps.db, 'erika@example.org');
    const signedAt = new Date('2026-03-01T09:30:00Z');
    expect(await upcomingMandateReference(deps.db, erika.id)).toBe(`${erika.customerNumber}-001`);
    const outcome = await sepa(erika.id, goodIban, { now: signedAt });
    expect(outcome).toMatchObject({ ok: true, mandateReference: `${erika.customerNumber}-001` });
    const [method] = await methodsOf(erika.id);
    expect(method).toMatchObject({
      kind: 'sepa',
      active: true,
      iban: goodIban,
      bic: 'COBADEFFXXX',
      accountHolder: 'Erika Mustermann',
      mandateAcceptedAt: signedAt,
      mandateIp: '192.0.2.44',
    });
    expect(method?.verificationReference).toMatch(/^SBX-VER-/);
    const view = await activePaymentMethod(deps.db, erika.id);
    expect(view?.display).toBe('DE•• •••• •••• •••• •••• 3000');
    expect(JSON.stringify(view)).not.toContain(goodIban);

    const [mail] = await deps.db.select().from(outbox);
    expect(mail).toMatchObject({ recipient: 'erika@example.org', kind: 'sepa-mandate' });
    expect(mail?.text).toContain(`Mandatsreferenz: ${erika.customerNumber}-001`);
    expect(mail?.text).toContain('Gläubiger-Identifikationsnummer: DE98ZZZ09999999999');
    expect(mail?.text).toContain('innerhalb von acht Wochen');
    expect(mail?.text).toContain('DE•• •••• •••• •••• •••• 3000');
    expect(mail?.text).not.toContain(goodIban);
    expect(mails).toHaveLength(1);
  });

  it('keeps the old method when the bank verification fails', async () => {
    await setUp();
    const erika = await insertCustomer(deps.db, 'erika@example.org');
    expect((await sepa(erika.id, goodIban)).ok).toBe(true);
    const before = await methodsOf(erika.id);

    // Without JavaScript the server verifies directly …
    expect(await sepa(erika.id, unverifiableIban)).toEqual({
      ok: false,
      field: 'iban',
      message: 'payment.verification.failed',
    });
    // … and with the widget's token the server asks the verifier again: still failed.
    const started = await startBankVerification(deps, erika.id, {
      iban: unverifiableIban,
      accountHolder: 'Erika Mustermann',
    });
    expect(started).toMatchObject({ ok: true, status: 'failed' });
    const token = started.ok ? started.token : '';
    expect(await sepa(erika.id, unverifiableIban, { verificationToken: token })).toMatchObject({
      ok: false,
      message: 'payment.verification.failed',
    });
    expect(await methodsOf(erika.id)).toEqual(before);
    expect((await activePaymentMethod(deps.db, erika.id))?.display).toMatch(/3000$/);
  });

  it('accepts the widget’s token only for its own IBAN and customer', async () => {
    await setUp();
    const erika = await insertCustomer(deps.db, 'erika@example.org');
    const max = await insertCustomer(deps.db, 'max@example.org');
    const started = await startBankVerification(deps, erika.id, { iban: goodIban, accountHolder: 'Erika' });
    if (!started.ok) throw new Error('rate limited');
    expect(started.status).toBe('verified');
    // Another IBAN, another customer, an altered token: no.
    expect(await sepa(erika.id, otherGoodIban, { verificationToken: started.token })).toMatchObject({
      ok: false,
      message: 'payment.verification.mismatch',
    });
    expect(await sepa(max.id, goodIban, { verificationToken: started.token })).toMatchObject({ ok: false });
    expect(await sepa(erika.id, goodIban, { verificationToken: `${started.token}x` })).toMatchObject({ ok: false });
    expect(await methodsOf(erika.id)).toEqual([]);
    expect(await methodsOf(max.id)).toEqual([]);
    expect((await sepa(erika.id, goodIban, { verificationToken: started.token })).ok).toBe(true);
  });

  it('gives every change a new unique mandate reference and keeps the history', async () => {
    await setUp();
    const erika = await insertCustomer(deps.db, 'erika@example.org');
    const max = await insertCustomer(deps.db, 'max@example.org');
    const first = await sepa(erika.id, goodIban);
    const second = await sepa(erika.id, otherGoodIban);
    const maxs = await sepa(max.id, goodIban);
    const references = [first, second, maxs].map((outcome) => (outcome.ok ? outcome.mandateReference : null));
    expect(references).toEqual([
      `${erika.customerNumber}-001`,
      `${erika.customerNumber}-002`,
      `${max.customerNumber}-001`,
    ]);
    const rows = await methodsOf(erika.id);
    expect(rows.filter((row) => row.active)).toHaveLength(1);
    const old = rows.find((row) => !row.active);
    expect(old?.replacedAt).toBeInstanceOf(Date);
    expect(old?.mandateReference).toBe(`${erika.customerNumber}-001`);
    expect((await previousPaymentMethods(deps.db, erika.id)).map((method) => method.mandateReference)).toEqual([
      `${erika.customerNumber}-001`,
    ]);

    // Two changes at the same moment: one after the other, one active method, distinct references.
    await Promise.all([sepa(erika.id, goodIban), sepa(erika.id, otherGoodIban)]);
    const after = await methodsOf(erika.id);
    expect(after.filter((row) => row.active)).toHaveLength(1);
    expect(new Set(after.map((row) => row.mandateReference)).size).toBe(4);
  });

  it('stores a card from the hosted step as token and label only, for the customer who started it', async () => {
    await setUp();
    const erika = await insertCustomer(deps.db, 'erika@example.org');
    const max = await insertCustomer(deps.db, 'max@example.org');
    await sepa(erika.id, goodIban);
    const session = await hostedSession(erika.id, 'card');

    // Max cannot use Erika's session.
    expect(await changeToHosted(deps, { customerId: max.id, session, locale: 'de' })).toEqual({
      ok: false,
      field: 'form',
      message: 'payment.checkout.invalid',
    });
    expect(await methodsOf(max.id)).toEqual([]);

    expect((await changeToHosted(deps, { customerId: erika.id, session, locale: 'de' })).ok).toBe(true);
    // Sent twice: nothing changes the second time.
    expect((await changeToHosted(deps, { customerId: erika.id, session, locale: 'de' })).ok).toBe(true);
    const rows = await methodsOf(erika.id);
    expect(rows).toHaveLength(2);
    const card = rows.find((row) => row.active);
    expect(card).toMatchObject({ kind: 'card', label: 'Visa •••• 4242', iban: null, mandateReference: null });
    expect(card?.providerToken).toMatch(/^sbx_visa-4242_/);
    expect((await activePaymentMethod(deps.db, erika.id))?.display).toBe('Visa •••• 4242');
    const [changed] = await deps.db.select().from(outbox).where(eq(outbox.kind, 'payment-method-changed'));
    expect(changed?.text).toContain('Visa •••• 4242');

    // An altered session and a cancelled one change nothing.
    expect(await changeToHosted(deps, { customerId: erika.id, session: `${session}x`, locale: 'de' })).toMatchObject({
      ok: false,
    });
    const redirectUrl = await startHostedCheckout(deps, erika.id, {
      kind: 'paypal',
      returnUrl: 'https://kunden.example.com/x',
      locale: 'de',
    });
    const cancel = provider.hostedPage(
      new URL(redirectUrl, 'https://x.example').searchParams.get('start')!,
    )!.cancelHref;
    expect(
      await changeToHosted(deps, {
        customerId: erika.id,
        session: new URL(cancel).searchParams.get('session')!,
        locale: 'de',
      }),
    ).toMatchObject({ ok: false, message: 'payment.checkout.cancelled' });
    expect((await activePaymentMethod(deps.db, erika.id))?.display).toBe('Visa •••• 4242');
  });

  it('never reads or changes another customer’s payment method', async () => {
    await setUp();
    const erika = await insertCustomer(deps.db, 'erika@example.org');
    const max = await insertCustomer(deps.db, 'max@example.org');
    await sepa(erika.id, goodIban);
    expect(await activePaymentMethod(deps.db, max.id)).toBeNull();
    expect(await previousPaymentMethods(deps.db, max.id)).toEqual([]);
    await changeToHosted(deps, { customerId: max.id, session: await hostedSession(max.id, 'paypal'), locale: 'en' });
    const erikasActive = await deps.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.customerId, erika.id), eq(paymentMethods.active, true)));
    expect(erikasActive).toHaveLength(1);
    expect(erikasActive[0]?.kind).toBe('sepa');
    expect((await activePaymentMethod(deps.db, max.id))?.display).toBe('PayPal (buyer@sandbox.example)');
  });

  it('limits bank verifications per customer', async () => {
    await setUp();
    const erika = await insertCustomer(deps.db, 'erika@example.org');
    for (let i = 0; i < payment.bankVerificationsPerHour; i++) {
      expect((await startBankVerification(deps, erika.id, { iban: goodIban, accountHolder: 'E' })).ok).toBe(true);
    }
    expect(await startBankVerification(deps, erika.id, { iban: goodIban, accountHolder: 'E' })).toEqual({
      ok: false,
      reason: 'rate-limited',
    });
    expect(await sepa(erika.id, goodIban)).toMatchObject({ ok: false, message: 'payment.verification.rate-limited' });
  });
});

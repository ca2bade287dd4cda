import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { accountTokens, contracts, creditLedger, customers, outbox, sessions } from '~/db/schema';
import {
  createAccountFixture,
  registration,
  tokenFromMail,
  type AccountFixture,
} from '../../../tests/support/account-fixtures';
import { databaseBackends } from '../../../tests/support/test-databases';
import { createAccountToken } from './account-tokens.server';
import { resendVerification, verifyEmail } from './email-verification.server';
import { logIn } from './login.server';
import { requestPasswordReset, resetPassword } from './password-reset.server';
import { actionCodeSchema } from './registration-schema';
import { registerCustomer } from './registration.server';
import { endSession, hashToken, readSession } from './sessions.server';

describe.each(databaseBackends)('accounts on %s', (backend) => {
  let fixture: AccountFixture;
  afterEach(async () => {
    await fixture?.database.dispose();
  });

  const mailsTo = async (to: string) =>
    (await fixture.context.db.select().from(outbox).where(eq(outbox.recipient, to))).map((mail) => mail.kind);

  it('registers account, contract with the chosen tariff, customer number and verification mail', async () => {
    fixture = await createAccountFixture(backend);
    const outcome = await registerCustomer(fixture.context, registration({ tariffId: 'komfort-jahr' }), {
      locale: 'en',
    });
    expect(outcome.kind).toBe('created');
    const [customer] = await fixture.context.db.select().from(customers);
    expect(customer).toMatchObject({
      email: 'erika@example.org',
      locale: 'en',
      emailVerifiedAt: null,
      termsVersion: '2026-01',
    });
    expect(customer?.customerNumber).toMatch(/^\d{6,}$/);
    expect(customer?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [contract] = await fixture.context.db.select().from(contracts);
    expect(contract).toMatchObject({ customerId: customer?.id, tariffId: 'komfort-jahr', state: 'active' });
    expect(await mailsTo('erika@example.org')).toEqual(['verify-email']);
    expect(fixture.queuedMails[0]?.text).toContain('https://kunden.example.com/en/verify-email?token=');
  });

  it('stores the action code, and books the campaign’s welcome credit for the airbus code', async () => {
    fixture = await createAccountFixture(backend);
    await registerCustomer(fixture.context, registration({ actionCode: 'AIRBUS' }), { locale: 'de' });
    await registerCustomer(fixture.context, registration({ email: 'max@example.org', actionCode: 'herbst-26' }), {
      locale: 'de',
    });
    const rows = await fixture.context.db
      .select({
        email: customers.email,
        actionCode: customers.actionCode,
        kind: creditLedger.kind,
        cents: creditLedger.amountCents,
        reference: creditLedger.reference,
      })
      .from(customers)
      .leftJoin(creditLedger, eq(creditLedger.customerId, customers.id))
      .orderBy(customers.email);
    expect(rows).toEqual([
      { email: 'erika@example.org', actionCode: 'AIRBUS', kind: 'start_bonus', cents: 1000, reference: 'AIRBUS' },
      // A code without a campaign is kept for marketing and changes nothing else.
      { email: 'max@example.org', actionCode: 'herbst-26', kind: null, cents: null, reference: null },
    ]);
  });

  it('answers an already registered email like a new one and mails the owner instead', async () => {
    fixture = await createAccountFixture(backend);
    await registerCustomer(fixture.context, registration(), { locale: 'de' });
    const again = await registerCustomer(
      fixture.context,
      registration({ firstName: 'Mallory', email: 'erika@example.org' }),
      {
        locale: 'de',
      },
    );
    expect(again).toEqual({ kind: 'neutral' });
    expect(await fixture.context.db.select().from(customers)).toHaveLength(1);
    expect(await mailsTo('erika@example.org')).toEqual(['verify-email', 'already-registered']);
  });

  it('refuses a common password and a tariff of another brand', async () => {
    fixture = await createAccountFixture(backend);
    expect(
      await registerCustomer(fixture.context, registration({ password: 'passwort123456' }), { locale: 'de' }),
    ).toMatchObject({
      kind: 'invalid',
      field: 'password',
    });
    expect(
      await registerCustomer(fixture.context, registration({ tariffId: 'flinkster-flex' }), { locale: 'de' }),
    ).toMatchObject({
      kind: 'invalid',
      field: 'tariffId',
    });
  });

  it('gives a new session id at every login and none after logout', async () => {
    fixture = await createAccountFixture(backend);
    await registerCustomer(fixture.context, registration(), { locale: 'de' });
    const login = {
      email: 'Erika@Example.org ',
      password: 'Radfahren im Regen ist schön',
      ip: '192.0.2.1',
      userAgent: 'test',
    };
    const first = await logIn(fixture.context, login);
    const second = await logIn(fixture.context, login);
    if (!first.ok || !second.ok) throw new Error('login failed');
    expect(first.token).not.toBe(second.token);
    expect(first.token.length).toBeGreaterThanOrEqual(43);
    const session = await readSession(fixture.context.db, first.token);
    expect(session?.customerId).toBe(first.customerId);
    // The header's summary comes with the session: not verified yet.
    expect(session?.customer).toEqual({ firstName: 'Erika', emailVerified: false });
    await endSession(fixture.context.db, hashToken(first.token));
    expect(await readSession(fixture.context.db, first.token)).toBeNull();
    expect(await readSession(fixture.context.db, second.token)).not.toBeNull();
  });

  it('refuses the sixth attempt even with the right password until the wait is over', async () => {
    fixture = await createAccountFixture(backend);
    await registerCustomer(fixture.context, registration(), { locale: 'de' });
    const attempt = (password: string) =>
      logIn(fixture.context, { email: 'erika@example.org', password, ip: '192.0.2.7', userAgent: 'test' });
    for (let i = 0; i < 5; i++)
      expect(await attempt('wrong password 123')).toEqual({ ok: false, error: 'login.invalid' });
    const sixth = await attempt('Radfahren im Regen ist schön');
    expect(sixth).toMatchObject({ ok: false, error: 'login.wait' });
    expect(sixth.ok === false && 'retryAfterSeconds' in sixth && sixth.retryAfterSeconds).toBeGreaterThan(50);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    fixture = await createAccountFixture(backend);
    await registerCustomer(fixture.context, registration(), { locale: 'de' });
    const unknown = await logIn(fixture.context, {
      email: 'nobody@example.org',
      password: 'x'.repeat(12),
      ip: '192.0.2.9',
      userAgent: 't',
    });
    const wrong = await logIn(fixture.context, {
      email: 'erika@example.org',
      password: 'x'.repeat(12),
      ip: '192.0.2.9',
      userAgent: 't',
    });
    expect(unknown).toEqual(wrong);
  });

  it('mails a reset link only for a known address, usable once, signing out every session', async () => {
    fixture = await createAccountFixture(backend);
    await registerCustomer(fixture.context, registration(), { locale: 'en' });
    const login = await logIn(fixture.context, {
      email: 'erika@example.org',
      password: 'Radfahren im Regen ist schön',
      ip: '192.0.2.1',
      userAgent: 't',
    });
    if (!login.ok) throw new Error('login failed');

    await requestPasswordReset(fixture.context, 'nobody@example.org', 'de');
    expect(await mailsTo('nobody@example.org')).toEqual([]);
    await requestPasswordReset(fixture.context, 'ERIKA@example.org', 'en');
    const resetMail = fixture.queuedMails.at(-1)!;
    expect(resetMail.text).toContain('https://kunden.example.com/en/password-reset?token=');
    const token = tokenFromMail(resetMail.text);

    expect(await resetPassword(fixture.context, token, 'short')).toMatchObject({ ok: false, field: 'password' });
    expect(await resetPassword(fixture.context, token, 'Ein ganz neues Passwort')).toEqual({ ok: true });
    expect(await resetPassword(fixture.context, token, 'Noch ein neues Passwort')).toEqual({
      ok: false,
      error: 'reset.link-used',
    });
    expect(await fixture.context.db.select().from(sessions).where(eq(sessions.customerId, login.customerId))).toEqual(
      [],
    );
    const relogin = await logIn(fixture.context, {
      email: 'erika@example.org',
      password: 'Ein ganz neues Passwort',
      ip: '192.0.2.1',
      userAgent: 't',
    });
    expect(relogin.ok).toBe(true);
  });

  it('writes the reset mail and its link in the language of the page it was asked from, not the stored one', async () => {
    fixture = await createAccountFixture(backend);
    await registerCustomer(fixture.context, registration(), { locale: 'de' });
    await requestPasswordReset(fixture.context, 'erika@example.org', 'en');
    const english = fixture.queuedMails.at(-1)!;
    expect(english.subject).toBe('New password for Call a Bike');
    expect(english.text).toContain('Set a new password: https://kunden.example.com/en/password-reset?token=');
    expect(english.text).not.toMatch(/Passwort|\/de\//);

    await registerCustomer(fixture.context, registration({ email: 'john@example.org' }), { locale: 'en' });
    await requestPasswordReset(fixture.context, 'john@example.org', 'de');
    const german = fixture.queuedMails.at(-1)!;
    expect(german.subject).toBe('Neues Passwort für Call a Bike');
    expect(german.text).toContain('Neues Passwort setzen: https://kunden.example.com/de/passwort-setzen?token=');
  });

  it('sends a new verification link in the language of the page the customer asked from', async () => {
    fixture = await createAccountFixture(backend);
    const created = await registerCustomer(fixture.context, registration(), { locale: 'de' });
    if (created.kind !== 'created') throw new Error('not created');
    expect(await resendVerification(fixture.context, created.customerId, 'en')).toBe('sent');
    const mail = fixture.queuedMails.at(-1)!;
    expect(mail.subject).toBe('Please confirm your email address for Call a Bike');
    expect(mail.text).toMatch(/Confirm email address: https:\/\/kunden\.example\.com\/en\/[^\s]*\?token=/);
  });

  it('does not accept a reset link after 60 minutes', async () => {
    fixture = await createAccountFixture(backend);
    const created = await registerCustomer(fixture.context, registration(), { locale: 'de' });
    if (created.kind !== 'created') throw new Error('not created');
    const issuedAt = new Date(Date.now() - 61 * 60 * 1000);
    const token = await createAccountToken(
      fixture.context.db,
      created.customerId,
      'reset-password',
      60 * 60 * 1000,
      issuedAt,
    );
    expect(await resetPassword(fixture.context, token, 'Ein ganz neues Passwort')).toEqual({
      ok: false,
      error: 'reset.link-expired',
    });
  });

  it('sends at most three reset mails per address and hour', async () => {
    fixture = await createAccountFixture(backend);
    await registerCustomer(fixture.context, registration(), { locale: 'de' });
    for (let i = 0; i < 5; i++) await requestPasswordReset(fixture.context, 'erika@example.org', 'de');
    expect((await mailsTo('erika@example.org')).filter((kind) => kind === 'reset-password')).toHaveLength(3);
  });

  it('verifies the email address with its link once, and limits new links', async () => {
    fixture = await createAccountFixture(backend);
    const created = await registerCustomer(fixture.context, registration(), { locale: 'de' });
    if (created.kind !== 'created') throw new Error('not created');
    const token = tokenFromMail(fixture.queuedMails[0]!.text);
    expect(await verifyEmail(fixture.context, 'not-a-token')).toEqual({ ok: false, error: 'verify.link-invalid' });
    expect(await verifyEmail(fixture.context, token)).toEqual({ ok: true });
    expect(await verifyEmail(fixture.context, token)).toEqual({ ok: false, error: 'verify.link-used' });
    const [customer] = await fixture.context.db.select().from(customers);
    expect(customer?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await resendVerification(fixture.context, created.customerId, 'de')).toBe('verified');
  });

  it('does not verify with a link older than 24 hours', async () => {
    fixture = await createAccountFixture(backend);
    await registerCustomer(fixture.context, registration(), { locale: 'de' });
    const token = tokenFromMail(fixture.queuedMails[0]!.text);
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect(await verifyEmail(fixture.context, token, later)).toEqual({ ok: false, error: 'verify.link-expired' });
    expect(
      await fixture.context.db.select().from(accountTokens).where(eq(accountTokens.purpose, 'verify-email')),
    ).toHaveLength(1);
  });
});

describe('the action code', () => {
  it('is kept when well formed and dropped, not refused, when malformed', () => {
    expect(actionCodeSchema.parse(' airbus ')).toBe('airbus');
    expect(actionCodeSchema.parse('air bus<script>')).toBeUndefined();
    expect(actionCodeSchema.parse('x'.repeat(41))).toBeUndefined();
    expect(actionCodeSchema.parse(undefined)).toBeUndefined();
  });
});

import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRouteHarness, formPost, type RouteHarness } from '../../../tests/support/route-harness';
import { registration } from '../../../tests/support/account-fixtures';
import { createTestDatabase, databaseBackends } from '../../../tests/support/test-databases';
import { action as bankVerification } from '../resources/bank-verification';
import { action as contractAction } from './contract';
import { action as cancelAction } from './contract-cancel';
import { action as paymentUpdateAction } from './payment-update';
import { cancellations, contracts, customers, outbox, paymentMethods, sessions } from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { createSession, hashToken } from '~/features/accounts/sessions.server';
import { declareCancellation } from '~/features/contract/cancellation.server';
import { pagePath } from '~/i18n/route-table';

/**
 * Email, password, payment and cancellation changes need a login or a password confirmation within the last
 * 15 minutes (docs/rules/accounts.md#reauthentication). Email change and account deletion are tested in
 * features/personal-data; here the cancellation, its withdrawal and the SEPA change, each through its route
 * action as the server calls it (the CSRF check of the root middleware is not part of it).
 */

const password = 'Radfahren im Regen ist schön';
const minute = 60 * 1000;
const iban = 'DE89370400440532013000';
const clientIp = '198.51.100.23';

describe.each(databaseBackends)('re-authentication of sensitive changes through the routes on %s', (backend) => {
  let harness: RouteHarness;
  // The first database of a run migrates a template (seconds on a busy machine); later ones clone it.
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await harness?.dispose();
  });

  const db = () => harness.services.database.db;

  /** A registered customer (tariff basis, no payment method) with a session that logged in at `loggedInAt`. */
  async function customerWithSession(loggedInAt: Date) {
    harness = await createRouteHarness(backend);
    const outcome = await registerCustomer(harness.services, registration({ password }), {
      locale: 'de',
    });
    if (outcome.kind !== 'created') throw new Error('registration failed');
    const [row] = await db().select().from(customers).where(eq(customers.id, outcome.customerId));
    const { token } = await createSession(db(), outcome.customerId, 'Firefox', loggedInAt);
    return { id: outcome.customerId, customerNumber: row!.customerNumber, email: row!.email, token };
  }
  const sixteenMinutesAgo = () => new Date(Date.now() - 16 * minute);

  const contractOf = async (customerId: string) =>
    (await db().select().from(contracts).where(eq(contracts.customerId, customerId)))[0]!;
  const authenticatedAtOf = async (token: string) =>
    (
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashToken(token)))
    )[0]!.authenticatedAt;
  const mailKindsTo = async (to: string) =>
    (await db().select().from(outbox).where(eq(outbox.recipient, to))).map((mail) => mail.kind).sort();

  describe('cancelling the contract', () => {
    const path = pagePath('contractCancel', 'de');
    const cancelForm = (customerNumber: string, extra: Record<string, string> = {}) => ({
      csrf: 'not checked here',
      kind: 'ordinary',
      name: 'Erika Mustermann',
      // The page sends the customer number as a hidden field; the action uses the account's own.
      identifier: customerNumber,
      contract: 'cab',
      endDate: '',
      confirmationEmail: 'erika@example.org',
      ...extra,
    });

    it('is refused with a login older than 15 minutes and no or a wrong password, and goes through with the right one', async () => {
      const erika = await customerWithSession(sixteenMinutesAgo());
      const mailsBefore = await mailKindsTo(erika.email);

      const refused = await harness.call(
        cancelAction,
        formPost(path, cancelForm(erika.customerNumber), { sessionToken: erika.token }),
        clientIp,
      );
      expect(refused.confirmation).toBeNull();
      expect(refused.result.error).toEqual({ currentPassword: ['reauth.required'] });

      const wrong = await harness.call(
        cancelAction,
        formPost(path, cancelForm(erika.customerNumber, { currentPassword: 'not my password at all' }), {
          sessionToken: erika.token,
        }),
        clientIp,
      );
      expect(wrong.confirmation).toBeNull();
      expect(wrong.result.error).toEqual({ currentPassword: ['reauth.wrong'] });
      // The password is never sent back to the page.
      expect(JSON.stringify(wrong)).not.toContain('not my password');

      // Nothing changed: the contract is active, no declaration stored, no mail queued.
      expect(await contractOf(erika.id)).toMatchObject({ state: 'active', endDate: null });
      expect(await db().select().from(cancellations)).toEqual([]);
      expect(await mailKindsTo(erika.email)).toEqual(mailsBefore);

      const confirmed = await harness.call(
        cancelAction,
        formPost(path, cancelForm(erika.customerNumber, { currentPassword: password }), {
          sessionToken: erika.token,
        }),
        clientIp,
      );
      expect(confirmed.confirmation).toMatchObject({ kind: 'ordinary', identifier: erika.customerNumber });
      const contract = await contractOf(erika.id);
      expect(contract.state).toBe('cancellation_requested');
      expect(contract.endDate).toBe(confirmed.confirmation?.effectiveEndDate);
      expect(await db().select().from(cancellations)).toHaveLength(1);
      // The right password reopens the 15-minute window.
      expect(Date.now() - (await authenticatedAtOf(erika.token)).getTime()).toBeLessThan(minute);
    });

    it('goes through without a password right after the login', async () => {
      const erika = await customerWithSession(new Date());

      const outcome = await harness.call(
        cancelAction,
        formPost(path, cancelForm(erika.customerNumber), { sessionToken: erika.token }),
        clientIp,
      );
      expect(outcome.result.error).toBeUndefined();
      expect(outcome.confirmation).not.toBeNull();
      expect(await contractOf(erika.id)).toMatchObject({ state: 'cancellation_requested' });
      expect(await db().select().from(cancellations)).toHaveLength(1);
    });
  });

  describe('withdrawing a cancellation', () => {
    const path = pagePath('contract', 'de');

    async function cancelledCustomerWithSession(loggedInAt: Date) {
      const erika = await customerWithSession(loggedInAt);
      const declared = await declareCancellation(
        harness.services,
        {
          kind: 'ordinary',
          name: 'Erika Mustermann',
          identifier: erika.customerNumber,
          contractLabel: 'Call a Bike – Kundenvertrag (Fahrradverleih)',
          confirmationEmail: erika.email,
        },
        { kind: 'customer', customerId: erika.id },
        { locale: 'de' },
      );
      if (declared.kind !== 'received') throw new Error('cancellation not received');
      expect(await contractOf(erika.id)).toMatchObject({ state: 'cancellation_requested' });
      return erika;
    }

    it('is refused with a login older than 15 minutes and no password, and goes through with the right one', async () => {
      const erika = await cancelledCustomerWithSession(sixteenMinutesAgo());
      const before = await contractOf(erika.id);

      const refused = await harness.call(contractAction, formPost(path, { csrf: 'x' }, { sessionToken: erika.token }));
      expect(refused).not.toBeInstanceOf(Response);
      expect((refused as { error?: unknown }).error).toEqual({ currentPassword: ['reauth.required'] });
      expect(await contractOf(erika.id)).toEqual(before);
      expect((await db().select().from(cancellations))[0]?.withdrawnAt).toBeNull();

      const withdrawn = await harness.call(
        contractAction,
        formPost(path, { csrf: 'x', currentPassword: password }, { sessionToken: erika.token }),
      );
      expect(withdrawn).toBeInstanceOf(Response);
      const response = withdrawn as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${path}?withdrawn=1`);
      expect(await contractOf(erika.id)).toMatchObject({ state: 'active', endDate: null });
      expect((await db().select().from(cancellations))[0]?.withdrawnAt).toBeInstanceOf(Date);
    });

    it('goes through without a password right after the login', async () => {
      const erika = await cancelledCustomerWithSession(new Date());

      const withdrawn = await harness.call(
        contractAction,
        formPost(path, { csrf: 'x' }, { sessionToken: erika.token }),
      );
      expect(withdrawn).toBeInstanceOf(Response);
      expect((withdrawn as Response).headers.get('location')).toBe(`${path}?withdrawn=1`);
      expect(await contractOf(erika.id)).toMatchObject({ state: 'active', endDate: null });
    });
  });

  describe('changing the payment method to SEPA direct debit', () => {
    const path = pagePath('paymentUpdate', 'de');
    const donePath = `${pagePath('payment', 'de')}?changed=1`;

    /** What the verification widget gets from our resource route before the form is sent. */
    async function verificationToken(sessionToken: string): Promise<string> {
      const response = await harness.call(
        bankVerification,
        formPost(
          '/resources/bank-verification',
          { csrf: 'x', iban, accountHolder: 'Erika Mustermann' },
          {
            sessionToken,
          },
        ),
      );
      const body = (await response.json()) as { status: string; token?: string };
      expect(body.status).toBe('verified');
      return body.token!;
    }

    const sepaForm = (token: string, extra: Record<string, string> = {}) => ({
      csrf: 'x',
      intent: 'sepa',
      verificationToken: token,
      accountHolder: 'Erika Mustermann',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: '',
      consent: 'on',
      ...extra,
    });

    it('is refused with a login older than 15 minutes and no password, and goes through with the right one', async () => {
      const erika = await customerWithSession(sixteenMinutesAgo());

      const refused = await harness.call(
        paymentUpdateAction,
        formPost(path, sepaForm(await verificationToken(erika.token)), { sessionToken: erika.token }),
        clientIp,
      );
      expect(refused).not.toBeInstanceOf(Response);
      const reply = refused as Exclude<typeof refused, Response>;
      expect(reply.intent).toBe('sepa');
      expect(reply.result.error).toEqual({ currentPassword: ['reauth.required'] });
      expect(await db().select().from(paymentMethods)).toEqual([]);
      expect(await mailKindsTo(erika.email)).not.toContain('sepa-mandate');

      const changed = await harness.call(
        paymentUpdateAction,
        formPost(path, sepaForm(await verificationToken(erika.token), { currentPassword: password }), {
          sessionToken: erika.token,
        }),
        clientIp,
      );
      expect(changed).toBeInstanceOf(Response);
      expect((changed as Response).status).toBe(302);
      expect((changed as Response).headers.get('location')).toBe(donePath);
      const methods = await db().select().from(paymentMethods);
      expect(methods).toHaveLength(1);
      expect(methods[0]).toMatchObject({
        customerId: erika.id,
        kind: 'sepa',
        active: true,
        iban,
        accountHolder: 'Erika Mustermann',
        mandateIp: clientIp,
      });
    });

    it('goes through without a password right after the login (also without the widget)', async () => {
      const erika = await customerWithSession(new Date());

      // Without JavaScript the token is empty and the server runs the verification itself.
      const changed = await harness.call(
        paymentUpdateAction,
        formPost(path, sepaForm(''), { sessionToken: erika.token }),
        clientIp,
      );
      expect(changed).toBeInstanceOf(Response);
      expect((changed as Response).headers.get('location')).toBe(donePath);
      expect(await db().select().from(paymentMethods)).toMatchObject([{ customerId: erika.id, kind: 'sepa', iban }]);
    });
  });
});

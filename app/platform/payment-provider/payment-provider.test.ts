import { afterEach, describe, expect, it } from 'vitest';
import { httpPaymentProvider } from './http.server';
import { startJsonServer } from './json-test-server';
import { sandboxPaymentProvider } from './sandbox.server';
import { signedTokens } from './signed-token.server';
import { PaymentProviderUnavailableError, type ChargeRequest } from './types';

const sepaSource = {
  kind: 'sepa' as const,
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  accountHolder: 'Erika Mustermann',
  mandateReference: '100001-001',
  mandateSignedAt: new Date('2026-03-01T09:30:00Z'),
  creditorId: 'DE98ZZZ09999999999',
};
const charge = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  source: sepaSource,
  amountCents: 2000,
  description: 'Call a Bike Guthaben',
  customerReference: 'customer-1',
  idempotencyKey: 'key-1',
  ...overrides,
});

describe('signed sandbox tokens', () => {
  it('refuse altered, foreign-purpose and expired tokens', () => {
    let now = 1_000;
    const tokens = signedTokens('secret', 'one');
    const token = tokens.sign({ value: 1, exp: 2_000 });
    expect(tokens.verify(token, now)).toEqual({ value: 1, exp: 2_000 });
    expect(tokens.verify(`${token}x`, now)).toBeNull();
    expect(tokens.verify(token.replace(/^./, 'A'), now)).toBeNull();
    expect(signedTokens('secret', 'two').verify(token, now)).toBeNull();
    expect(signedTokens('other', 'one').verify(token, now)).toBeNull();
    now = 2_000;
    expect(tokens.verify(token, now)).toBeNull();
  });
});

describe('sandbox payment provider', () => {
  const provider = () =>
    sandboxPaymentProvider({
      secret: 'secret',
      hostedPagePath: '/resources/payment-sandbox/checkout',
      sessionMs: 60_000,
    });

  it('offers test methods on its hosted page (no card number field) and returns token and label', async () => {
    const sandbox = provider();
    const { redirectUrl } = await sandbox.startCheckout({
      kind: 'card',
      customerReference: 'customer-1',
      returnUrl: 'https://kunden.example.com/de/kundenbereich/zahlungsmittel/aendern?kind=card',
      locale: 'de',
    });
    expect(redirectUrl).toMatch(/^\/resources\/payment-sandbox\/checkout\?start=/);
    const page = sandbox.hostedPage(new URL(redirectUrl, 'https://x.example').searchParams.get('start')!)!;
    expect(page.choices.map((choice) => choice.label)).toEqual([
      'Visa •••• 4242',
      'Mastercard •••• 4444',
      'Visa •••• 0002',
    ]);
    const back = new URL(page.choices[0]!.href);
    expect(back.origin + back.pathname).toBe('https://kunden.example.com/de/kundenbereich/zahlungsmittel/aendern');
    expect(back.searchParams.get('kind')).toBe('card');
    const outcome = await sandbox.completeCheckout(back.searchParams.get('session')!, 'customer-1');
    expect(outcome).toMatchObject({ status: 'completed', kind: 'card', label: 'Visa •••• 4242' });
    expect(await sandbox.completeCheckout(back.searchParams.get('session')!, 'customer-2')).toEqual({
      status: 'invalid',
    });
    expect(sandbox.hostedPage('forged')).toBeNull();
  });

  it('charges deterministically: the 0002 test card is declined, and a repeated key charges once', async () => {
    const sandbox = provider();
    expect(await sandbox.charge(charge())).toMatchObject({ status: 'succeeded' });
    const declined = await sandbox.charge(
      charge({ source: { kind: 'card', token: 'sbx_visa-0002_abc' }, idempotencyKey: 'key-2' }),
    );
    expect(declined).toMatchObject({ status: 'failed', reason: 'declined' });
    expect(
      await sandbox.charge(charge({ source: { kind: 'card', token: 'tok_unknown' }, idempotencyKey: 'key-3' })),
    ).toMatchObject({ status: 'failed', reason: 'invalid-method' });
    const first = await sandbox.charge(
      charge({ source: { kind: 'paypal', token: 'sbx_paypal_x' }, idempotencyKey: 'k4' }),
    );
    const again = await sandbox.charge(
      charge({ source: { kind: 'paypal', token: 'sbx_paypal_x' }, idempotencyKey: 'k4' }),
    );
    expect(again).toEqual(first);
  });
});

describe('HTTP payment provider against a local server', () => {
  let server: Awaited<ReturnType<typeof startJsonServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('creates and reads checkout sessions with its key, and trusts a session only for its customer', async () => {
    server = await startJsonServer((request) => {
      if (request.method === 'POST' && request.path === '/v1/checkout-sessions') {
        return { status: 201, body: { id: 'cs_1', redirectUrl: 'https://psp.example/pay/cs_1' } };
      }
      if (request.path === '/v1/checkout-sessions/cs_1') {
        return {
          status: 200,
          body: {
            id: 'cs_1',
            status: 'completed',
            kind: 'card',
            customerReference: 'customer-1',
            paymentMethod: { token: 'pm_123', label: 'Visa •••• 4242' },
          },
        };
      }
      return { status: 404, body: { error: 'not found' } };
    });
    const provider = httpPaymentProvider({ baseUrl: `${server.url}/v1/`, key: 'psp-key', timeoutMs: 2000 });
    const start = {
      kind: 'card' as const,
      customerReference: 'customer-1',
      returnUrl: 'https://kunden.example.com/x',
      locale: 'de' as const,
    };
    expect(await provider.startCheckout(start)).toEqual({ redirectUrl: 'https://psp.example/pay/cs_1' });
    expect(server.requests[0]).toMatchObject({ body: start });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer psp-key');

    expect(await provider.completeCheckout('cs_1', 'customer-1')).toEqual({
      status: 'completed',
      kind: 'card',
      token: 'pm_123',
      label: 'Visa •••• 4242',
    });
    expect(await provider.completeCheckout('cs_1', 'customer-2')).toEqual({ status: 'invalid' });
    expect(await provider.completeCheckout('cs_unknown', 'customer-1')).toEqual({ status: 'invalid' });
    expect(await provider.completeCheckout('../admin', 'customer-1')).toEqual({ status: 'invalid' });
  });

  it('charges with an idempotency key and reads success, decline and outage', async () => {
    let answer: { status: number; body: unknown } = { status: 201, body: { id: 'ch_1', status: 'succeeded' } };
    server = await startJsonServer(() => answer);
    const provider = httpPaymentProvider({ baseUrl: server.url, timeoutMs: 2000 });
    expect(await provider.charge(charge())).toEqual({ status: 'succeeded', providerReference: 'ch_1' });
    const request = server.requests[0]!;
    expect(request.path).toBe('/charges');
    expect(request.headers['idempotency-key']).toBe('key-1');
    expect(request.body).toMatchObject({
      amountCents: 2000,
      currency: 'EUR',
      source: { kind: 'sepa', mandateReference: '100001-001', mandateSignedAt: '2026-03-01T09:30:00.000Z' },
    });

    answer = { status: 402, body: { id: 'ch_2', status: 'failed', failureCode: 'card_declined' } };
    expect(await provider.charge(charge())).toEqual({
      status: 'failed',
      providerReference: 'ch_2',
      reason: 'declined',
    });

    answer = { status: 503, body: { error: 'maintenance' } };
    await expect(provider.charge(charge())).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    // A write is never retried: a retry could charge twice.
    expect(server.requests).toHaveLength(3);
  });

  it('gives up on a provider that does not answer, or cannot be reached', { timeout: 5000 }, async () => {
    server = await startJsonServer(() => 'hang');
    const slow = httpPaymentProvider({ baseUrl: server.url, timeoutMs: 300 });
    await expect(slow.charge(charge())).rejects.toThrow('did not answer within 300 ms');
    const address = server.url;
    await server.close();
    server = undefined;
    const gone = httpPaymentProvider({ baseUrl: address, timeoutMs: 1000 });
    await expect(gone.completeCheckout('cs_1', 'c')).rejects.toThrow('Payment provider unreachable');
  });
});

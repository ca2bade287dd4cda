import { afterEach, describe, expect, it } from 'vitest';
import { startJsonServer } from '../payment-provider/json-test-server';
import { httpBankVerifier } from './http.server';
import { sandboxBankVerifier, sandboxVerifies } from './sandbox.server';
import { BankVerificationUnavailableError } from './types';

const verified = 'DE89370400440532013000';
const refused = 'DE94370400440532010000';
const customerReference = 'customer-1';

describe('sandbox bank verifier', () => {
  it('is deterministic: IBANs ending in 0000 fail, others pass', async () => {
    expect(sandboxVerifies(verified)).toBe(true);
    expect(sandboxVerifies(refused)).toBe(false);
    const verifier = sandboxBankVerifier({ secret: 's', tokenMs: 60_000 });
    const good = await verifier.start({ iban: verified, accountHolder: 'Erika', customerReference });
    const bad = await verifier.start({ iban: refused, accountHolder: 'Erika', customerReference });
    expect(good.status).toBe('verified');
    expect(bad.status).toBe('failed');
    expect(await verifier.confirm(good.token, { iban: verified, customerReference })).toMatchObject({
      status: 'verified',
      reference: expect.stringMatching(/^SBX-VER-/),
    });
    expect(await verifier.confirm(bad.token, { iban: refused, customerReference })).toEqual({
      status: 'failed',
      reason: 'account-not-verified',
    });
  });

  it('binds a token to its IBAN, customer and lifetime; the token never holds the IBAN', async () => {
    let now = 0;
    const verifier = sandboxBankVerifier({ secret: 's', tokenMs: 1000, now: () => now });
    const { token } = await verifier.start({ iban: verified, accountHolder: 'Erika', customerReference });
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString()).not.toContain(verified);
    const tokenInvalid = { status: 'failed', reason: 'token-invalid' };
    expect(await verifier.confirm(token, { iban: refused, customerReference })).toEqual(tokenInvalid);
    expect(await verifier.confirm(token, { iban: verified, customerReference: 'customer-2' })).toEqual(tokenInvalid);
    expect(await verifier.confirm('forged.token', { iban: verified, customerReference })).toEqual(tokenInvalid);
    now = 1000;
    expect(await verifier.confirm(token, { iban: verified, customerReference })).toEqual(tokenInvalid);
  });
});

describe('HTTP bank verifier against a local server', () => {
  let server: Awaited<ReturnType<typeof startJsonServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('starts a verification and confirms it only for the same IBAN and customer', async () => {
    const stored = new Map<string, Record<string, unknown>>();
    server = await startJsonServer((request) => {
      if (request.method === 'POST' && request.path === '/verifications') {
        const body = request.body as { iban: string; customerReference: string };
        const id = `ver_${stored.size + 1}`;
        const status = body.iban.endsWith('0000') ? 'failed' : 'verified';
        stored.set(id, { id, status, iban: body.iban, customerReference: body.customerReference, reference: `R${id}` });
        return { status: 201, body: { id, status } };
      }
      const found = stored.get(request.path.split('/').pop()!);
      return found ? { status: 200, body: found } : { status: 404, body: {} };
    });
    const verifier = httpBankVerifier({ baseUrl: server.url, key: 'bank-key', timeoutMs: 2000 });
    const good = await verifier.start({ iban: verified, accountHolder: 'Erika', customerReference });
    expect(good).toEqual({ token: 'ver_1', status: 'verified' });
    expect(server.requests[0]).toMatchObject({
      body: { iban: verified, accountHolder: 'Erika', customerReference },
    });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer bank-key');
    expect(await verifier.confirm('ver_1', { iban: verified, customerReference })).toEqual({
      status: 'verified',
      reference: 'Rver_1',
    });
    expect(await verifier.confirm('ver_1', { iban: refused, customerReference })).toMatchObject({
      reason: 'token-invalid',
    });
    expect(await verifier.confirm('ver_1', { iban: verified, customerReference: 'other' })).toMatchObject({
      reason: 'token-invalid',
    });
    const bad = await verifier.start({ iban: refused, accountHolder: 'Erika', customerReference });
    expect(await verifier.confirm(bad.token, { iban: refused, customerReference })).toEqual({
      status: 'failed',
      reason: 'account-not-verified',
    });
    expect(await verifier.confirm('ver_404', { iban: verified, customerReference })).toMatchObject({
      reason: 'token-invalid',
    });
  });

  it('reports a service that is down or silent as unavailable', { timeout: 5000 }, async () => {
    server = await startJsonServer(() => ({ status: 500, body: 'oops' }));
    const broken = httpBankVerifier({ baseUrl: server.url, timeoutMs: 2000 });
    await expect(broken.start({ iban: verified, accountHolder: 'E', customerReference })).rejects.toBeInstanceOf(
      BankVerificationUnavailableError,
    );
    await server.close();
    server = await startJsonServer(() => 'hang');
    const silent = httpBankVerifier({ baseUrl: server.url, timeoutMs: 300 });
    await expect(silent.confirm('ver_1', { iban: verified, customerReference })).rejects.toThrow(
      'did not answer within 300 ms',
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startSmsGateway } from '../../../tests/support/sms-gateway';
import { SmsGatewayError } from './gateway';
import { httpSmsGateway } from './http-gateway.server';

describe('HTTP SMS gateway', () => {
  let gateway: Awaited<ReturnType<typeof startSmsGateway>> | undefined;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });

  it('posts {to, text} as JSON with the bearer key', async () => {
    gateway = await startSmsGateway();
    await httpSmsGateway({ url: gateway.url, key: 'sms-key-123' }).send({ to: '+4915123456789', text: 'Hallo' });
    expect(gateway.received).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/sms',
        body: { to: '+4915123456789', text: 'Hallo' },
        headers: expect.objectContaining({ authorization: 'Bearer sms-key-123', 'content-type': 'application/json' }),
      }),
    ]);
  });

  it('throws on an error status, on no answer in time and when nobody listens', async () => {
    gateway = await startSmsGateway(() => 503);
    const refused = httpSmsGateway({ url: gateway.url }).send({ to: '+49151', text: 'x' });
    await expect(refused).rejects.toThrow(new SmsGatewayError('SMS gateway answered 503', 503));
    await gateway.close();

    gateway = await startSmsGateway(() => 'hang');
    await expect(
      httpSmsGateway({ url: gateway.url, timeoutMs: 200 }).send({ to: '+49151', text: 'x' }),
    ).rejects.toThrow(/did not answer within 200 ms/);
    const { url } = gateway;
    await gateway.close();
    gateway = undefined;
    await expect(httpSmsGateway({ url }).send({ to: '+49151', text: 'x' })).rejects.toThrow(/unreachable/);
  });
});

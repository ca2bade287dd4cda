import { describe, expect, it } from 'vitest';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import { checkPhoneNumber, phoneCheckLimit } from './phone-check.server';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('checkPhoneNumber', () => {
  const services = () => ({ rateLimits: memoryRateLimitStore(), clientIp: '203.0.113.5' });

  it('judges as the form schema does: a valid mobile number gives its E.164 form, anything else its message', async () => {
    const ask = (regionCode: string, phonenumber: string) =>
      checkPhoneNumber(form({ regionCode, phonenumber }), services());
    expect(await ask('DE', '0151 23456789')).toEqual({ status: 'judged', judgement: { e164: '+4915123456789' } });
    expect(await ask('AT', '+49 151 23456789')).toEqual({ status: 'judged', judgement: { e164: '+4915123456789' } });
    // A fixed line is a number, but no mobile one.
    expect(await ask('DE', '030 12345678')).toEqual({ status: 'judged', judgement: { message: 'rule_tel' } });
    expect(await ask('DE', 'hello')).toEqual({ status: 'judged', judgement: { message: 'phone.not-a-number' } });
    expect(await ask('DE', '1'.repeat(251))).toEqual({ status: 'judged', judgement: { message: 'phone.too-long' } });
  });

  it('takes an unknown region as the default one and an empty number as no question', async () => {
    expect(await checkPhoneNumber(form({ regionCode: '<script>', phonenumber: '0151 23456789' }), services())).toEqual({
      status: 'judged',
      judgement: { e164: '+4915123456789' },
    });
    expect(await checkPhoneNumber(form({ regionCode: 'DE', phonenumber: '   ' }), services())).toEqual({
      status: 'no-number',
    });
    expect(await checkPhoneNumber(form({}), services())).toEqual({ status: 'no-number' });
  });

  it('answers an address only so often, counting an IPv6 address by its /64 network, even when asked all at once', async () => {
    const rateLimits = memoryRateLimitStore();
    const ask = (clientIp: string) =>
      checkPhoneNumber(form({ regionCode: 'DE', phonenumber: '0151 23456789' }), { rateLimits, clientIp });
    const outcomes = await Promise.all(
      Array.from({ length: phoneCheckLimit.max + 1 }, (_, index) => ask(`2001:db8:1:2::${(index + 1).toString(16)}`)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'judged')).toHaveLength(phoneCheckLimit.max);
    expect(outcomes.at(-1)).toEqual({ status: 'rate-limited', retryAfterSeconds: 600 });
    expect((await ask('2001:db8:1:3::1')).status).toBe('judged');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { mobilePhoneSchema } from './mobile-phone-schema';

// The module the client build resolves `#phone-judge` to (package.json, the `browser` condition).
vi.mock('#phone-judge', () => import('./judge.browser'));

describe('mobilePhoneSchema in the browser', () => {
  it('asks only for a number and leaves judging it to the server, taking the number the check confirmed', () => {
    expect(mobilePhoneSchema.safeParse({ regionCode: 'DE', phonenumber: ' ' }).error?.issues).toMatchObject([
      { message: 'required', path: ['phonenumber'] },
    ]);
    expect(mobilePhoneSchema.safeParse({ regionCode: 'DE', phonenumber: 'hello' }).data).toBe('');
    expect(
      mobilePhoneSchema.safeParse({
        regionCode: 'DE',
        phonenumber: '0151 23456789',
        parsedPhoneNumber: '+4915123456789',
      }).data,
    ).toBe('+4915123456789');
  });
});

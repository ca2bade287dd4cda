import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatPhone } from './format';
import { maskEmail, maskIban } from './masking';
import { newPhoneCode } from './phone-change.server';
import { phoneNumberSchema } from './phone-number-schema';
import { passwordChangeSchema, phoneCodeSchema } from './schemas';
import { describeUserAgent } from './user-agent';
import { formatEuro } from '~/i18n/intl-formats';

describe('user agents in the session list', () => {
  it('names browser and system of common agents', () => {
    const cases: [string, string | null, string | null][] = [
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Chrome',
        'Windows',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge',
        'Windows',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        'Safari',
        'iPhone',
      ],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox', 'macOS'],
      [
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
        'Samsung Internet',
        'Android',
      ],
      ['', null, null],
    ];
    for (const [agent, browser, system] of cases) {
      expect(describeUserAgent(agent), agent).toMatchObject({ browser, system });
    }
  });

  it('shortens agents it does not know', () => {
    const description = describeUserAgent(`SomeBot/1.0 ${'x'.repeat(100)}`);
    expect(description.fallback).toHaveLength(58);
    expect(description.fallback.endsWith('…')).toBe(true);
  });
});

describe('masking', () => {
  it('shows only enough of an email address and an IBAN to recognise them', () => {
    expect(maskEmail('erika.neu@example.org')).toBe('e…u@example.org');
    expect(maskEmail('ab@example.org')).toBe('a…@example.org');
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('•••• 3000');
    expect(maskIban(null)).toBeNull();
  });
});

describe('formatting on the data pages', () => {
  it('writes numbers, dates and amounts the German and the English way', () => {
    expect(formatPhone('+4915123456789')).toBe('+49 1512 3456789');
    expect(formatCalendarDate('1990-05-17', 'de')).toBe('17.05.1990');
    expect(formatCalendarDate('1990-05-17', 'en')).toBe('17 May 1990');
    expect(formatEuro(-250, 'de')).toBe('-2,50\u00a0€');
  });
});

describe('personal-data forms', () => {
  it('takes a code of six digits, spaces ignored', () => {
    expect(phoneCodeSchema.safeParse({ code: ' 123 456 ' })).toMatchObject({ success: true, data: { code: '123456' } });
    expect(phoneCodeSchema.safeParse({ code: '12345' }).error?.issues[0]?.message).toBe('phone-change.code-format');
    expect(phoneCodeSchema.safeParse({ code: '' }).error?.issues[0]?.message).toBe('required');
  });

  it('takes only mobile numbers, like registration', () => {
    expect(phoneNumberSchema.safeParse({ phone: { regionCode: 'DE', phonenumber: '0171 2345678' } })).toMatchObject({
      success: true,
      data: { phone: '+491712345678' },
    });
    expect(
      phoneNumberSchema.safeParse({ phone: { regionCode: 'DE', phonenumber: '030 1234567' } }).error?.issues[0]
        ?.message,
    ).toBe('rule_tel');
  });

  it('checks the new password’s length in the browser already', () => {
    const result = passwordChangeSchema.safeParse({ currentPassword: 'x', newPassword: 'short' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['newPassword'], message: 'password.too-short' });
  });

  it('makes codes of six random digits', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newPhoneCode()));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });
});

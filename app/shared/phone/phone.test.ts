import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { z } from '~/platform/validation';
import { mobilePhoneSchema } from './mobile-phone-schema';
import { parsePhone, phoneMessageKey } from './phone';
import { phoneRegion } from './phone-regions';

/** The field errors of a Conform submission (none when it succeeded). */
function errorsOf(submission: Submission<unknown, string[], unknown>) {
  return submission.status === 'success' ? undefined : submission.error;
}

function formData(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe('parsePhone', () => {
  it('parses a German mobile number typed nationally into the full parse result', () => {
    expect(parsePhone('0151 23456789', 'DE')).toEqual({
      input: '0151 23456789',
      international: '+49 1512 3456789',
      national: '01512 3456789',
      e164: '+4915123456789',
      rfc3966: 'tel:+49-1512-3456789',
      significant: '15123456789',
      valid: true,
      possible: true,
      possibility: 'is-possible',
      type: 'mobile',
      regionCode: 'DE',
      countryCode: 49,
      typeIsMobile: true,
      typeIsFixedLine: false,
      canBeInternationallyDialled: true,
    });
  });

  it('takes an international number whatever region is selected', () => {
    const result = parsePhone('+41 79 123 45 67', 'DE');
    expect(result).toMatchObject({ valid: true, regionCode: 'CH', countryCode: 41, e164: '+41791234567' });
  });

  it('keeps an extension', () => {
    expect(parsePhone('0151 23456789 ext. 123', 'DE').rfc3966).toBe('tel:+49-1512-3456789;ext=123');
  });

  it('rejects input longer than 250 characters without parsing it', () => {
    const result = parsePhone(`0151 23456789${' '.repeat(238)}`, 'DE');
    expect(result.input).toHaveLength(251);
    expect(result).toMatchObject({ valid: false, possible: false, possibility: 'invalid', failure: 'too-long' });
    expect(result.e164).toBe('');
  });

  it('reports text that is not a phone number as invalid', () => {
    expect(parsePhone('hello', 'DE')).toMatchObject({
      valid: false,
      possible: false,
      possibility: 'invalid',
      failure: 'not-a-number',
    });
  });

  it('reports an unknown country code', () => {
    expect(parsePhone('+999 123456789', 'DE')).toMatchObject({ valid: false, failure: 'invalid-country-code' });
  });
});

describe('phoneMessageKey', () => {
  const key = (input: string, region = 'DE') => phoneMessageKey(parsePhone(input, region));

  it('accepts a valid mobile number', () => {
    expect(key('0151 23456789')).toBeUndefined();
    expect(key('+4915123456789', 'AT')).toBeUndefined();
  });

  it('blocks a valid fixed-line number with rule_tel', () => {
    expect(parsePhone('030 1234567', 'DE')).toMatchObject({ valid: true, type: 'fixed-line' });
    expect(key('030 1234567')).toBe('rule_tel');
  });

  it('maps parse failures to their own messages', () => {
    expect(key('not a number')).toBe('phone.not-a-number');
    expect(key('0151 2345678901234567890')).toBe('phone.too-long');
    expect(key('x'.repeat(251))).toBe('phone.too-long');
    expect(key('+999 123456789')).toBe('phone.invalid-country-code');
    expect(key('011', 'US')).toBe('phone.too-short-after-idd');
  });

  it('says too short for a number with too few digits', () => {
    expect(key('079 123', 'CH')).toBe('phone.too-short');
    expect(key('+49 1')).toBe('phone.too-short');
  });

  it('gives rule_tel for a possible but non-existent number', () => {
    expect(key('015')).toBe('rule_tel');
  });
});

describe('mobilePhoneSchema', () => {
  const schema = z.object({ phone: mobilePhoneSchema });

  it('turns a valid mobile number into E.164', () => {
    const result = mobilePhoneSchema.safeParse({ regionCode: 'DE', phonenumber: '0151 23456789' });
    expect(result).toEqual({ success: true, data: '+4915123456789' });
  });

  it('uses DE when no or an unknown region comes in', () => {
    expect(phoneRegion(undefined)).toBe('DE');
    expect(phoneRegion('zz')).toBe('DE');
    expect(phoneRegion('at')).toBe('AT');
    expect(mobilePhoneSchema.safeParse({ phonenumber: '0151 23456789' }).data).toBe('+4915123456789');
  });

  it('ignores a parsed number sent by the browser and parses the typed one', () => {
    const result = mobilePhoneSchema.safeParse({
      regionCode: 'DE',
      phonenumber: '030 1234567',
      parsedPhoneNumber: '+4915123456789',
    });
    expect(result.success).toBe(false);
  });

  it('validates form data the same way on the server (Conform) and puts the message on the number', () => {
    const ok = parseWithZod(formData({ 'phone.regionCode': 'DE', 'phone.phonenumber': '0151 23456789' }), { schema });
    expect(ok.status).toBe('success');
    expect(ok.status === 'success' && ok.value).toEqual({ phone: '+4915123456789' });

    const fixedLine = parseWithZod(formData({ 'phone.regionCode': 'DE', 'phone.phonenumber': '030 1234567' }), {
      schema,
    });
    expect(errorsOf(fixedLine)).toEqual({ 'phone.phonenumber': ['rule_tel'] });

    const empty = parseWithZod(formData({ 'phone.regionCode': 'DE', 'phone.phonenumber': '' }), { schema });
    expect(errorsOf(empty)).toEqual({ 'phone.phonenumber': ['required'] });

    const tooShort = parseWithZod(formData({ 'phone.regionCode': 'CH', 'phone.phonenumber': '079 123' }), { schema });
    expect(errorsOf(tooShort)).toEqual({ 'phone.phonenumber': ['phone.too-short'] });

    const foreign = parseWithZod(formData({ 'phone.regionCode': 'DE', 'phone.phonenumber': '+999 1234567' }), {
      schema,
    });
    expect(errorsOf(foreign)).toEqual({ 'phone.phonenumber': ['phone.invalid-country-code'] });

    const long = parseWithZod(formData({ 'phone.regionCode': 'DE', 'phone.phonenumber': '1'.repeat(251) }), {
      schema,
    });
    expect(errorsOf(long)).toEqual({ 'phone.phonenumber': ['phone.too-long'] });
  });

  it('reports a missing phone field as required', () => {
    const result = parseWithZod(formData({}), { schema });
    expect(errorsOf(result)).toEqual({ 'phone.phonenumber': ['required'] });
  });
});

import { describe, expect, it } from 'vitest';
import { parseSettings } from './env.server';
import { standInsInUse } from './stand-ins';

describe('stand-ins', () => {
  it('names every one in use with the setting that replaces it', () => {
    const standIns = standInsInUse(parseSettings({}), 'pglite');
    expect(standIns.map((standIn) => standIn.setting)).toEqual([
      'DATABASE_URL',
      'SMTP_URL',
      'SMS_GATEWAY_URL',
      'PAYMENT_PROVIDER_URL',
      'BANK_VERIFICATION_URL',
      'SEPA_CREDITOR_ID',
      'GEOCODER_URL',
      'CMS_URL',
    ]);
  });

  it('names none when every real service is configured', () => {
    const env = parseSettings({
      SMTP_URL: 'smtp://mail.internal:587',
      SMS_GATEWAY_URL: 'https://sms.example.com/send',
      PAYMENT_PROVIDER_URL: 'https://psp.example.com',
      BANK_VERIFICATION_URL: 'https://bank.example.com',
      SEPA_CREDITOR_ID: 'DE98ZZZ09999999999',
      GEOCODER_URL: 'https://geo.example.com',
      CMS_URL: 'https://cms.example.com',
    });
    expect(standInsInUse(env, 'postgres')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { staffPaymentDisplay } from '~/features/payment/staff-view.server';
import { parseCustomerId, parseSearchQuery } from './lookup-query';

const query = (values: Record<string, string>) => parseSearchQuery(new URLSearchParams(values));

describe('the customer search query (docs/rules/back-office.md#customer-lookup)', () => {
  it('accepts 100 characters and refuses 101, echoing no more than that', () => {
    expect(query({ field: 'email', q: `${'a'.repeat(99)}@` }).problem).toBeNull();
    const long = query({ field: 'email', q: 'a'.repeat(5000) });
    expect(long.problem).toBe('lookup.query.too-long');
    expect(long.values.q).toHaveLength(101);
  });

  it('refuses control and invisible format characters in every field', () => {
    for (const character of ['\u0000', '\u0007', '\u007f', '\u0085', '\u200b', '\u202e', '\u2028', '\ufeff']) {
      for (const field of ['number', 'email', 'name', 'phone', 'iban']) {
        expect(query({ field, q: `12${character}34` }).problem, JSON.stringify(character)).toBe(
          'lookup.query.characters',
        );
      }
    }
  });

  it('normalises what it hashes, so the same search gets the same hash', () => {
    expect(query({ field: 'name', q: '  Müller   LÜDENSCHEIDT ' }).normalized).toBe('müller lüdenscheidt');
    // A decomposed umlaut is the same name.
    expect(query({ field: 'name', q: 'Mu\u0308ller' }).normalized).toBe('müller');
    expect(query({ field: 'phone', q: '0151 23456789' }).normalized).toBe('+4915123456789');
    expect(query({ field: 'number', q: '100 001' }).parsed).toEqual({ field: 'number', value: '100001' });
    expect(query({ field: 'iban', q: '30 00' }).parsed).toEqual({ field: 'iban', lastFour: '3000' });
  });

  it('takes a customer id only as a UUID', () => {
    expect(parseCustomerId('5F0C8A9E-0000-4000-8000-000000000001')).toBe('5f0c8a9e-0000-4000-8000-000000000001');
    for (const value of [
      null,
      '',
      '1',
      '5f0c8a9e-0000-4000-8000-00000000000',
      "5f0c8a9e-0000-4000-8000-000000000001'",
    ]) {
      expect(parseCustomerId(value)).toBeNull();
    }
  });
});

describe('what the back office shows of a payment method', () => {
  it('shows an IBAN only as its last four digits and a card only as brand and last four', () => {
    expect(staffPaymentDisplay('sepa', 'DE89370400440532013000', null)).toBe('•••• 3000');
    expect(staffPaymentDisplay('card', null, 'Visa •••• 4242')).toBe('Visa •••• 4242');
    expect(staffPaymentDisplay('card', null, 'Mastercard **** 5555')).toBe('Mastercard •••• 5555');
    // A label of another shape (a whole card number, an address) shows nothing.
    expect(staffPaymentDisplay('card', null, 'Visa 4242424242424242')).toBe('');
    expect(staffPaymentDisplay('card', null, 'erika@example.org')).toBe('');
    expect(staffPaymentDisplay('paypal', null, 'PayPal erika@example.org')).toBe('');
  });
});

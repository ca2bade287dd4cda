import { describe, expect, it } from 'vitest';
import { generalDe } from './messages/general.de';
import { pageIds } from './route-table';
import { catalogues, messageLocale, translator } from './translate';
import {
  formatDate,
  formatEuro,
  formatInstant,
  formatNumericInstant,
  formatPlainAmount,
  formatSignedEuro,
} from './intl-formats';

describe('message catalogues', () => {
  it('have the same keys in German and English, none empty', () => {
    expect(Object.keys(catalogues.en).sort()).toEqual(Object.keys(catalogues.de).sort());
    for (const messages of Object.values(catalogues)) {
      for (const [key, text] of Object.entries(messages)) expect(text.trim(), key).not.toBe('');
    }
  });

  it('contain the keys the original site named', () => {
    for (const key of ['dbc-error-oops', 'dbc-error-try-again-later', 'dbc-btn-back-to-home', 'rule_tel', 'required']) {
      expect(catalogues.de).toHaveProperty(key);
    }
  });

  it('give the browser every page title without the complete catalogue', () => {
    // Titles show in every page's head and in the sitemap, links and locale switch of any page.
    for (const id of pageIds) expect(generalDe, id).toHaveProperty(`page.${id}.title`);
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) =>
      // `{name}` and `{name, plural, ...}`; the braces of a plural case (`one {minute}`) are words.
      [...text.matchAll(/(?<!(?:zero|one|two|few|many|other|=\d+)\s*)\{(\w+)(?:\}|, plural,)/g)]
        .map((match) => match[1])
        .sort();
    for (const [key, text] of Object.entries(catalogues.de)) {
      expect(placeholders(catalogues.en[key as keyof typeof catalogues.en] ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('fill placeholders and format euro amounts per locale', () => {
    expect(translator('en', 'cab')('error.not-found.text', { path: '/x' })).toBe('Page not found: /x');
    expect(formatEuro(4900, 'de')).toBe('49,00\u00a0€');
    expect(formatEuro(4900, 'en')).toBe('€49.00');
  });
});

describe('formatDate', () => {
  it('writes a calendar date the German and the English way, whatever the server time zone', () => {
    expect(formatDate('2027-01-31', 'de')).toBe('31.01.2027');
    expect(formatDate('2027-01-31', 'en')).toBe('31 Jan 2027');
  });
});

describe('plurals', () => {
  it('choose the words by the count with the plural rules of the locale', () => {
    const de = translator('de', 'cab');
    const en = translator('en', 'cab');
    expect(de('login.wait', { minutes: 1 })).toBe(
      'Zu viele Fehlversuche. Bitte warte 1 Minute und versuche es dann erneut.',
    );
    expect(de('login.wait', { minutes: 3 })).toBe(
      'Zu viele Fehlversuche. Bitte warte 3 Minuten und versuche es dann erneut.',
    );
    expect(en('login.wait', { minutes: 1 })).toBe('Too many failed attempts. Please wait 1 minute and try again.');
    expect(en('login.wait', { minutes: 15 })).toBe('Too many failed attempts. Please wait 15 minutes and try again.');
    expect(de('phone-change.code-wrong', { left: 1 })).toBe('Der Code stimmt nicht. Du hast noch 1 Versuch.');
    expect(en('phone-change.code-wrong', { left: 2 })).toBe('The code is not right. You have 2 tries left.');
    expect(en('price-list.per-started-minutes', { amount: '€1.00', minutes: 30 })).toBe('€1.00 per started 30 minutes');
    expect(de('price-list.free-minutes', { minutes: 1 })).toBe('Die erste Minute jeder Fahrt frei (nicht für E-Bikes)');
  });

  it('write the count as the locale writes numbers, and leave a message without its count as it is', () => {
    expect(translator('de', 'cab')('credit.voucher.wait', { minutes: 1500 })).toContain('in 1.500 Minuten');
    expect(translator('en', 'cab')('credit.voucher.wait', { minutes: 1500 })).toContain('in 1,500 minutes');
    expect(translator('en', 'cab')('login.wait', {})).toContain('{minutes, plural,');
  });

  it('leave no "(n)" or "(s)" wording in any catalogue', () => {
    for (const messages of Object.values(catalogues)) {
      for (const [key, text] of Object.entries(messages)) expect(text, key).not.toMatch(/\w\((n|e|s|en)\)/);
    }
  });
});

// The not-found sentences stay English in both locales (docs/rules/content-and-navigation.md#not-found).
describe('messages the rules fix in English', () => {
  it('are English in both catalogues and are marked as English on German pages', () => {
    expect(catalogues.de['error.not-found.text']).toBe(catalogues.en['error.not-found.text']);
    expect(messageLocale('error.not-found.text', 'de')).toBe('en');
    expect(messageLocale('error.route-validation.text', 'de')).toBe('en');
    expect(messageLocale('error.not-found.title', 'de')).toBe('de');
    expect(messageLocale('error.not-found.text', 'en')).toBe('en');
  });
});

describe('formats by locale', () => {
  const winter = new Date('2026-01-31T23:30:00Z');
  it('write instants as Berlin wall-clock time, in German or English', () => {
    expect(formatInstant(winter, 'de')).toBe('01.02.2026, 00:30');
    expect(formatInstant(winter, 'en')).toBe('1 Feb 2026, 00:30');
    expect(formatNumericInstant(winter, 'de')).toBe('01.02.2026 00:30');
    expect(formatNumericInstant(winter, 'en')).toBe('01/02/2026 00:30');
  });

  it('write amounts with the decimal separator of the locale', () => {
    expect(formatPlainAmount(-123450, 'de')).toBe('-1234,50');
    expect(formatPlainAmount(-123450, 'en')).toBe('-1234.50');
    expect(formatSignedEuro(-150, 'de')).toBe('−1,50\u00a0€');
    expect(formatSignedEuro(1000, 'en')).toBe('+€10.00');
  });
});

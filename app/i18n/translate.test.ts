import { describe, expect, it } from 'vitest';
import { generalDe } from './messages/general.de';
import { pageIds } from './route-table';
import { catalogues, formatDate, formatEuro, translator } from './translate';

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
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries(catalogues.de)) {
      expect(placeholders(catalogues.en[key as keyof typeof catalogues.en] ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('fill placeholders and format euro amounts per locale', () => {
    expect(translator('en')('error.not-found.text', { path: '/x' })).toBe('Page not found: /x');
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

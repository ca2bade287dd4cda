import { describe, expect, it } from 'vitest';
import { euroAmountSchema, parseEuroAmount } from './euro-amount';

describe('amounts in euros as staff type them', () => {
  it("reads the language's decimal mark into whole cents", () => {
    expect(parseEuroAmount('12,50', 'de')).toBe(1250);
    expect(parseEuroAmount(' 7,5 ', 'de')).toBe(750);
    expect(parseEuroAmount('60', 'de')).toBe(6000);
    expect(parseEuroAmount('12.05', 'en')).toBe(1205);
    expect(parseEuroAmount('0.01', 'en')).toBe(1);
  });

  it('refuses the other decimal mark, separators, signs, more than two decimals and anything else', () => {
    for (const text of ['12.50', '1.250', '-5', '+5', '1,234', '1e3', '12,505', '', ',5', '5,', 'zwölf', '１２'])
      expect(parseEuroAmount(text, 'de')).toBeNull();
    for (const text of ['12,50', '1,250.00', '0x10', 'NaN', '1.234.5']) expect(parseEuroAmount(text, 'en')).toBeNull();
  });

  it('as a form field: whole cents from one cent to the maximum, else the form’s message', () => {
    const amount = euroAmountSchema('de', 5000, 'too-much?max=50');
    expect(amount.safeParse('50,00')).toEqual({ success: true, data: 5000 });
    expect(amount.safeParse('0,01')).toEqual({ success: true, data: 1 });
    for (const text of ['50,01', '0', '0,00', '12.50', undefined]) {
      const result = amount.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['too-much?max=50']);
    }
  });
});

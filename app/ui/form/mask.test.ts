import { describe, expect, it } from 'vitest';
import { applyMask } from './mask';

describe('input masks', () => {
  it('formats a date as it is typed with 99.99.9999', () => {
    expect(applyMask('99.99.9999', '0')).toBe('0');
    expect(applyMask('99.99.9999', '010')).toBe('01.0');
    expect(applyMask('99.99.9999', '01011990')).toBe('01.01.1990');
    expect(applyMask('99.99.9999', '01.01.1990')).toBe('01.01.1990');
    expect(applyMask('99.99.9999', '01/01/1990x')).toBe('01.01.1990');
  });

  it('takes letters for a and letters or digits for *', () => {
    expect(applyMask('aa-999', 'ab123')).toBe('ab-123');
    expect(applyMask('aa-999', '12ab3')).toBe('ab-3');
    expect(applyMask('****-****', 'A1b2C3d4')).toBe('A1b2-C3d4');
  });
});

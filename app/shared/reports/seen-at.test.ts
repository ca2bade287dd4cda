import { describe, expect, it } from 'vitest';
import { berlinFormFields, berlinYear, parseSeenAt } from './seen-at';

describe('time seen in Berlin', () => {
  it('reads winter and summer time with their offsets', () => {
    expect(parseSeenAt('15.01.2026', '08:15')?.toISOString()).toBe('2026-01-15T07:15:00.000Z');
    expect(parseSeenAt('15.07.2026', '08:15')?.toISOString()).toBe('2026-07-15T06:15:00.000Z');
  });

  it('reads the skipped spring hour with winter time, the repeated autumn hour as its first occurrence', () => {
    expect(parseSeenAt('29.03.2026', '02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parseSeenAt('25.10.2026', '02:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses dates and times that do not exist', () => {
    expect(parseSeenAt('30.02.2026', '10:00')).toBeNull();
    expect(parseSeenAt('10.06.2026', '24:00')).toBeNull();
    expect(parseSeenAt('2026-06-10', '10:00')).toBeNull();
  });

  it('writes an instant as the form fields in Berlin, and gives its Berlin year', () => {
    expect(berlinFormFields(new Date('2026-12-31T23:30:00Z'))).toEqual({ date: '01.01.2027', time: '00:30' });
    expect(berlinYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
  });
});

import { describe, expect, it } from 'vitest';
import { normalizeLicencePlate } from './licence-plate';

describe('German licence plates', () => {
  it.each([
    ['B-AB 1234', 'B-AB 1234'],
    ['b-ab 1234', 'B-AB 1234'],
    ['B AB 1234', 'B-AB 1234'],
    ['B-AB1234', 'B-AB 1234'],
    ['  m - x 12e ', 'M-X 12E'],
    ['M-X 12E', 'M-X 12E'],
    ['HH-AB 123H', 'HH-AB 123H'],
    ['MÜ-K 7', 'MÜ-K 7'],
    ['KLE-AB 12', 'KLE-AB 12'],
  ])('reads %s as %s', (typed, normal) => {
    expect(normalizeLicencePlate(typed)).toBe(normal);
  });

  it.each([
    ['', 'empty'],
    ['BAB1234', 'no separator between district and letters'],
    ['B-AB 0123', 'a leading zero'],
    ['B-AB 12345', 'five digits'],
    ['B-ABC 123', 'three letters after the district'],
    ['ABCD-A 1', 'a four-letter district'],
    ['KLE-AB 1234', 'more than eight letters and digits'],
    ['B-AB 12X', 'a suffix other than E or H'],
    ['B-12 AB', 'digits before letters'],
  ])('refuses %s (%s)', (typed) => {
    expect(normalizeLicencePlate(typed)).toBeNull();
  });
});

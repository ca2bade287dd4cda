import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';

describe('isUniqueViolation', () => {
  const unique = () => Object.assign(new Error('duplicate key'), { code: '23505' });

  it('finds SQLSTATE 23505 on the error or on an error it wraps', () => {
    expect(isUniqueViolation(unique())).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: unique() }))).toBe(true);
  });

  it('is false for other errors and for values that are no error', () => {
    expect(isUniqueViolation(Object.assign(new Error('check'), { code: '23514' }))).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isRefusedTextError } from './refused-text';

describe('text the database refuses', () => {
  it('is recognised through the query error that wraps the driver’s', () => {
    const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    expect(isRefusedTextError(new DrizzleQueryError('select 1 where $1 = $1', ['a\u0000'], nul))).toBe(true);
    expect(isRefusedTextError(Object.assign(new Error('untranslatable'), { code: '22P05' }))).toBe(true);
  });

  it('is not any other database error', () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isRefusedTextError(new DrizzleQueryError('insert …', [], unique))).toBe(false);
    expect(isRefusedTextError(new Error('boom'))).toBe(false);
  });
});

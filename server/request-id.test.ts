import { describe, expect, it } from 'vitest';
import { incomingRequestId } from './request-id';

const withHeader = (value: string | undefined) => ({ headers: value === undefined ? {} : { 'x-request-id': value } });

describe('incomingRequestId', () => {
  it('ignores an id the client sent when no trusted proxy is in front', () => {
    expect(incomingRequestId(withHeader('lb-4711'), 0)).toBeUndefined();
  });

  it("keeps a trusted load balancer's id", () => {
    expect(incomingRequestId(withHeader('lb-4711'), 1)).toBe('lb-4711');
  });

  it('refuses ids that are no short token, also from a trusted proxy', () => {
    for (const value of ['', 'a'.repeat(65), 'id with spaces', 'id\nforged-log-line', '../etc']) {
      expect(incomingRequestId(withHeader(value), 1)).toBeUndefined();
    }
    expect(incomingRequestId(withHeader(undefined), 1)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { createNonceSource } from './nonce';

describe('CSP nonces', () => {
  it('are 16 bytes of base64 and never repeat, also across refills of the random pool', () => {
    const next = createNonceSource(4);
    const nonces = Array.from({ length: 64 }, () => next());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

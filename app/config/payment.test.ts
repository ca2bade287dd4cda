import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.server';
import { creditorId, isValidCreditorId, payment } from './payment';

describe('payment configuration', () => {
  it('checks SEPA creditor identifiers with their MOD 97-10 check digits', () => {
    expect(isValidCreditorId(payment.defaultCreditorId)).toBe(true);
    expect(isValidCreditorId('de98zzz09999999999')).toBe(true);
    expect(isValidCreditorId('DE97ZZZ09999999999')).toBe(false);
    expect(isValidCreditorId('DE98ZZZ09999999998')).toBe(false);
    expect(isValidCreditorId('not an id')).toBe(false);
  });

  it('takes the creditor identifier from SEPA_CREDITOR_ID, refusing an invalid one at start-up', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'payment-config-'));
    expect(creditorId(loadConfig({ DATA_DIR: dataDir }).env)).toBe('DE98ZZZ09999999999');
    expect(creditorId(loadConfig({ DATA_DIR: dataDir, SEPA_CREDITOR_ID: '' }).env)).toBe('DE98ZZZ09999999999');
    // The Bundesbank's example identifier for business code ZZZ, typed in lower case.
    expect(creditorId(loadConfig({ DATA_DIR: dataDir, SEPA_CREDITOR_ID: 'de98zzz09999999999' }).env)).toBe(
      'DE98ZZZ09999999999',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SEPA_CREDITOR_ID: 'DE00ZZZ09999999999' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, SEPA_CREDITOR_ID: 'DE00ZZZ09999999999' })).toThrow(/SEPA_CREDITOR_ID/);
  });
});

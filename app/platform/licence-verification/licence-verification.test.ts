import { describe, expect, it } from 'vitest';
import { sandboxLicenceDecision, sandboxLicenceVerifier } from './sandbox.server';

const request = (number: string, reference = 'licence-1') => ({
  reference,
  number,
  issuingCountry: 'DE',
  issuedOn: '2010-06-01',
  expiresOn: null,
  holder: { firstName: 'Erika', lastName: 'Mustermann', birthDate: '1985-03-12' },
});

describe('the sandbox licence verifier', () => {
  it('rejects numbers ending in 00 as unknown, leaves those ending in 99 to staff, verifies the rest', async () => {
    const verifier = sandboxLicenceVerifier();
    expect(verifier.name).toBe('sandbox');
    expect(await verifier.check(request('B072RRE2I00'))).toEqual({
      decision: 'rejected',
      reason: 'number-unknown',
      reference: expect.stringMatching(/^SBX-LIC-[0-9A-F]{12}$/),
    });
    expect(await verifier.check(request('B072RRE2I99'))).toEqual({ decision: 'undecided' });
    expect(await verifier.check(request('B072RRE2I55'))).toEqual({
      decision: 'verified',
      reference: expect.stringMatching(/^SBX-LIC-/),
    });
    expect(['100', '199', '1000'].map(sandboxLicenceDecision)).toEqual(['rejected', 'undecided', 'rejected']);
  });

  it('answers the same licence the same way every time', async () => {
    const verifier = sandboxLicenceVerifier();
    expect(await verifier.check(request('B072RRE2I55', 'a'))).toEqual(
      await verifier.check(request('B072RRE2I55', 'a')),
    );
    expect(await verifier.check(request('B072RRE2I55', 'a'))).not.toEqual(
      await verifier.check(request('B072RRE2I55', 'b')),
    );
  });
});
